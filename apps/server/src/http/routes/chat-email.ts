import { apiRoutes as r } from "@parley/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { EmailAddressService } from "../../domain/notifications/email-address-service.js";
import { serve } from "../serve-route.js";

/** `setEmailAddress` and `removeEmailAddress`, where chat authentication runs. */
export const chatEmailRoutes =
  (emails: EmailAddressService): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.setEmailAddress, async (req) => ({
      settings: await emails.setAddress(req.actor, req.body.address),
    }));
    serve(app, r.removeEmailAddress, async (req) => ({ settings: await emails.removeAddress(req.actor) }));
  };

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
/** The body of an RFC 8058 one-click unsubscribe, in either encoding it may come in. */
const ONE_CLICK_MULTIPART = /name="?List-Unsubscribe"?[\s\S]*?\r?\n\r?\nOne-Click\r?\n/;

function isOneClick(contentType: string | undefined, body: string): boolean {
  if (contentType?.startsWith(FORM)) return new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
  return ONE_CLICK_MULTIPART.test(body);
}

/**
 * A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form
 * to the `List-Unsubscribe` URL, `/chat/email/unsubscribe?token=…`: it is taken as the JSON call
 * `{ token }` the web page makes, so both run the same route. Any other form is left to fail
 * validation.
 */
function acceptOneClick(app: Parameters<FastifyPluginAsync>[0]) {
  const tokenOf = (req: FastifyRequest) => (req.query as Record<string, unknown> | undefined)?.token;
  app.addContentTypeParser([FORM, MULTIPART], { parseAs: "string", bodyLimit: 4096 }, (req, body, done) => {
    const token = tokenOf(req);
    const oneClick = typeof token === "string" && isOneClick(req.headers["content-type"], String(body));
    done(null, oneClick ? { token } : {});
  });
  app.addHook("preValidation", async (req) => {
    const query = req.query as Record<string, unknown> | undefined;
    const type = req.headers["content-type"] ?? "";
    if (query && (type.startsWith(FORM) || type.startsWith(MULTIPART))) delete query.token;
  });
}

/** `verifyEmail` and `unsubscribeEmail`: no signed-in user, the link's token is the proof. */
export const chatEmailPublicRoutes =
  (emails: EmailAddressService): FastifyPluginAsync =>
  async (app) => {
    serve(app, r.verifyEmail, (req) => emails.verify(req.body.token));
    await app.register(async (unsubscribe) => {
      acceptOneClick(unsubscribe);
      serve(unsubscribe, r.unsubscribeEmail, async (req) => {
        await emails.unsubscribe(req.body.token);
        return {};
      });
    });
  };
