import type { FuzzEndpoint } from "./rest-harness.js";

/** Starring a channel (favourites), on the suite's own channel. */
export function favouriteEndpoints(fixture: { channelPath: string }): FuzzEndpoint[] {
  return [
    {
      name: "star a channel",
      schema: "starChannelBodySchema",
      method: "PUT",
      path: () => `${fixture.channelPath}/star`,
      base: { starred: true },
    },
  ];
}
