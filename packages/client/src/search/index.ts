export { restSearchClient, type SearchTransport } from "./rest-search-client.js";
export {
  SEARCH_SOURCE_TYPES,
  SearchController,
  type SearchControllerOptions,
  type SearchControllerState,
} from "./search-controller.js";
export {
  SearchSource,
  type SearchSourceOptions,
  type SourcePage,
  type SourceQuery,
} from "./search-source.js";
export { hasMessageSyntax, SEARCH_SOURCE_ORDER, SearchSourcePicker } from "./source-picker.js";
export { channelSource, messageSource, userSource } from "./sources.js";
export type {
  CursorPage,
  OffsetPage,
  SearchClient,
  SearchItems,
  SearchSourceState,
  SearchSourceType,
} from "./types.js";
