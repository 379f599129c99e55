import { type MembershipResponse, apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";
import { cidOf } from "./chat-params.js";

export const chatChannelRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.queryChannels, async (req) => s.channels.list(req.actor, req.body));
    serve(app, r.joinableChannels, async (req) => s.directory.joinable(req.actor, req.query));
    serve(app, r.queryDirectChannel, async (req) =>
      s.channels.query(req.actor, req.params.type, undefined, req.body),
    );
    serve(app, r.queryChannel, async (req) =>
      s.channels.query(req.actor, req.params.type, req.params.id, req.body),
    );
    serve(app, r.updateChannel, async (req) => s.channels.update(req.actor, cidOf(req.params), req.body));
    serve(app, r.deleteChannel, async (req) => s.channels.delete(req.actor, cidOf(req.params)));
    serve(app, r.truncateChannel, async (req) => s.channels.truncate(req.actor, cidOf(req.params)));
    serve(app, r.updateMembers, async (req) =>
      s.channels.updateMembers(req.actor, cidOf(req.params), req.body),
    );
    serve(app, r.joinChannel, async (req) => {
      // What the domain types as a member is the caller's own membership (muted, hidden too).
      const { channel, member } = await s.channels.join(req.actor, cidOf(req.params));
      return { channel, member: member as MembershipResponse };
    });
    serve(app, r.leaveChannel, async (req) => {
      await s.channels.leave(req.actor, cidOf(req.params));
      return {};
    });
    for (const [route, hidden] of [
      [r.hideChannel, true],
      [r.showChannel, false],
    ] as const) {
      serve(app, route, async (req) => {
        await s.channels.setHidden(req.actor, cidOf(req.params), hidden);
        return {};
      });
    }
    serve(app, r.muteChannel, async (req) => {
      await s.channels.setMuted(req.actor, cidOf(req.params), true, req.body.until);
      return {};
    });
    serve(app, r.unmuteChannel, async (req) => {
      await s.channels.setMuted(req.actor, cidOf(req.params), false);
      return {};
    });
    serve(app, r.starChannel, async (req) =>
      s.channels.setStarred(req.actor, cidOf(req.params), req.body.starred),
    );
    serve(app, r.markRead, async (req) => s.read.markRead(req.actor, cidOf(req.params), req.body));
    serve(app, r.unread, async (req) => s.read.unread(req.actor));
  };
