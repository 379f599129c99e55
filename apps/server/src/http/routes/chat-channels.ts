import {
  channelQueryBodySchema,
  joinableChannelsQuerySchema,
  markReadBodySchema,
  queryChannelsBodySchema,
  updateChannelBodySchema,
  updateMembersBodySchema,
} from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";
import { callQuery, cidOf, typeOf } from "./chat-params.js";

export const chatChannelRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.post("/channels", async (req) =>
      s.channels.list(req.actor, parse(queryChannelsBodySchema, req.body)),
    );
    app.get("/channels/joinable", async (req) =>
      s.directory.joinable(req.actor, parse(joinableChannelsQuerySchema, callQuery(req.query))),
    );
    app.post("/channels/:type/query", async (req) =>
      s.channels.query(req.actor, typeOf(req.params), undefined, parse(channelQueryBodySchema, req.body)),
    );
    app.post("/channels/:type/:id/query", async (req) => {
      const cid = cidOf(req.params);
      const body = parse(channelQueryBodySchema, req.body);
      const [type, id] = [cid.slice(0, cid.indexOf(":")), cid.slice(cid.indexOf(":") + 1)];
      return s.channels.query(req.actor, type, id, body);
    });
    app.patch("/channels/:type/:id", async (req) =>
      s.channels.update(req.actor, cidOf(req.params), parse(updateChannelBodySchema, req.body)),
    );
    app.delete("/channels/:type/:id", async (req) => s.channels.delete(req.actor, cidOf(req.params)));
    app.post("/channels/:type/:id/truncate", async (req) =>
      s.channels.truncate(req.actor, cidOf(req.params)),
    );
    app.post("/channels/:type/:id/members", async (req) =>
      s.channels.updateMembers(req.actor, cidOf(req.params), parse(updateMembersBodySchema, req.body)),
    );
    app.post("/channels/:type/:id/join", async (req) => s.channels.join(req.actor, cidOf(req.params)));
    app.post("/channels/:type/:id/leave", async (req) => {
      await s.channels.leave(req.actor, cidOf(req.params));
      return {};
    });
    for (const [path, hidden] of [
      ["hide", true],
      ["show", false],
    ] as const) {
      app.post(`/channels/:type/:id/${path}`, async (req) => {
        await s.channels.setHidden(req.actor, cidOf(req.params), hidden);
        return {};
      });
    }
    for (const [path, muted] of [
      ["mute", true],
      ["unmute", false],
    ] as const) {
      app.post(`/channels/:type/:id/${path}`, async (req) => {
        await s.channels.setMuted(req.actor, cidOf(req.params), muted);
        return {};
      });
    }
    app.post("/channels/:type/:id/read", async (req) =>
      s.read.markRead(req.actor, cidOf(req.params), parse(markReadBodySchema, req.body)),
    );
    app.get("/unread", async (req) => s.read.unread(req.actor));
  };
