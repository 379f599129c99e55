import {
  addPollOptionBodySchema,
  castVoteBodySchema,
  createPollBodySchema,
  patchPollBodySchema,
  queryPollsBodySchema,
  queryVotesBodySchema,
  replacePollBodySchema,
  updatePollOptionBodySchema,
} from "@parley/protocol";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { parse } from "../../lib/parse.js";
import type { Services } from "../../services.js";

const id = z.string().min(1).max(64);
const pollParams = z.object({ id });
const optionParams = z.object({ id, optionId: id });
const voteParams = z.object({ messageId: id, pollId: id });
const unvoteParams = z.object({ messageId: id, pollId: id, voteId: id });

/** The poll calls of docs/api.md "Polls"; every rule lives in domain/polls. */
export const chatPollRoutes =
  (s: Services): FastifyPluginAsync =>
  async (app) => {
    app.post("/polls", async (req, reply) => {
      const poll = await s.polls.create(req.actor, parse(createPollBodySchema, req.body));
      return reply.status(201).send({ poll });
    });
    app.put("/polls", async (req) => ({
      poll: await s.polls.replace(req.actor, parse(replacePollBodySchema, req.body)),
    }));
    app.post("/polls/query", async (req) => s.polls.query(req.actor, parse(queryPollsBodySchema, req.body)));
    app.get("/polls/:id", async (req) => ({
      poll: await s.polls.get(req.actor, parse(pollParams, req.params).id),
    }));
    app.patch("/polls/:id", async (req) => ({
      poll: await s.polls.patch(
        req.actor,
        parse(pollParams, req.params).id,
        parse(patchPollBodySchema, req.body),
      ),
    }));
    app.delete("/polls/:id", async (req) => {
      await s.polls.delete(req.actor, parse(pollParams, req.params).id);
      return {};
    });
    app.post("/polls/:id/options", async (req, reply) => {
      const pollId = parse(pollParams, req.params).id;
      const change = await s.pollOptions.add(req.actor, pollId, parse(addPollOptionBodySchema, req.body));
      return reply.status(201).send(change);
    });
    app.put("/polls/:id/options", async (req) =>
      s.pollOptions.update(
        req.actor,
        parse(pollParams, req.params).id,
        parse(updatePollOptionBodySchema, req.body),
      ),
    );
    app.get("/polls/:id/options/:optionId", async (req) => {
      const p = parse(optionParams, req.params);
      return { poll_option: await s.pollOptions.get(req.actor, p.id, p.optionId) };
    });
    app.delete("/polls/:id/options/:optionId", async (req) => {
      const p = parse(optionParams, req.params);
      return { poll: await s.pollOptions.delete(req.actor, p.id, p.optionId) };
    });
    app.post("/polls/:id/votes", async (req) =>
      s.pollVotes.query(req.actor, parse(pollParams, req.params).id, parse(queryVotesBodySchema, req.body)),
    );
    app.post("/messages/:messageId/polls/:pollId/vote", async (req, reply) => {
      const p = parse(voteParams, req.params);
      const body = parse(castVoteBodySchema, req.body);
      const { vote, poll, created } = await s.pollVotes.cast(req.actor, p.messageId, p.pollId, body);
      return reply.status(created ? 201 : 200).send({ vote, poll });
    });
    app.delete("/messages/:messageId/polls/:pollId/vote/:voteId", async (req) => {
      const p = parse(unvoteParams, req.params);
      const { vote, poll } = await s.pollVotes.remove(req.actor, p.messageId, p.pollId, p.voteId);
      return { vote, poll };
    });
  };
