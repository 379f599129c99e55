import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.js";
import { serve } from "../serve-route.js";

/** The poll calls of docs/api.md "Polls"; every rule lives in domain/polls. */
export const chatPollRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.createPoll, async (req, reply) => {
      const poll = await s.polls.create(req.actor, req.body);
      reply.status(201);
      return { poll };
    });
    serve(app, r.replacePoll, async (req) => ({ poll: await s.polls.replace(req.actor, req.body) }));
    serve(app, r.queryPolls, async (req) => s.polls.query(req.actor, req.body));
    serve(app, r.getPoll, async (req) => ({ poll: await s.polls.get(req.actor, req.params.id) }));
    serve(app, r.patchPoll, async (req) => ({
      poll: await s.polls.patch(req.actor, req.params.id, req.body),
    }));
    serve(app, r.deletePoll, async (req) => {
      await s.polls.delete(req.actor, req.params.id);
      return {};
    });
    serve(app, r.addPollOption, async (req, reply) => {
      const change = await s.pollOptions.add(req.actor, req.params.id, req.body);
      reply.status(201);
      return change;
    });
    serve(app, r.updatePollOption, async (req) => s.pollOptions.update(req.actor, req.params.id, req.body));
    serve(app, r.getPollOption, async (req) => ({
      poll_option: await s.pollOptions.get(req.actor, req.params.id, req.params.optionId),
    }));
    serve(app, r.deletePollOption, async (req) => ({
      poll: await s.pollOptions.delete(req.actor, req.params.id, req.params.optionId),
    }));
    serve(app, r.queryVotes, async (req) => s.pollVotes.query(req.actor, req.params.id, req.body));
    serve(app, r.castVote, async (req, reply) => {
      const p = req.params;
      const { vote, poll, created } = await s.pollVotes.cast(req.actor, p.messageId, p.pollId, req.body);
      reply.status(created ? 201 : 200);
      return { vote, poll };
    });
    serve(app, r.removeVote, async (req) => {
      const p = req.params;
      const { vote, poll } = await s.pollVotes.remove(req.actor, p.messageId, p.pollId, p.voteId);
      return { vote, poll };
    });
  };
