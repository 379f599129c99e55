import { data, type LoaderFunctionArgs, useParams } from "react-router";
import { parseChannelParam } from "../chat/channel-route";
import { ChannelPane } from "../components/channel/channel-pane";

/** An id the chat service could never have issued is a 404, not a broken channel page. */
export function loader({ params }: LoaderFunctionArgs): null {
  if (!parseChannelParam(params.channelID)) {
    throw data("No such channel", { status: 404, statusText: "Not Found" });
  }
  return null;
}

/** /c/:channelID — `type:id` (canonical) or an id of the default `messaging` type. */
export function Component() {
  const { channelID } = useParams();
  const ref = parseChannelParam(channelID);
  if (!ref) return null;
  return <ChannelPane key={ref.cid} channelRef={ref} />;
}
