/**
 * The product API (docs/api.md "Accounts"): sign-up and sign-in, which mint the `streamToken` a
 * ChatClient connects with and the product session `token`; sign-out, which revokes both; the
 * account's profile; and the public configuration (the api key). The same typed calls of the
 * route table as the chat service's (api-call.ts).
 */
import type { AuthResponse, ProfileBody, SigninBody, SignupBody } from "@parley/protocol";
import { ApiCaller, type CallOptions } from "./api-call.js";
import type { CallAnswer, CallArgs, CallBody } from "./api-types.js";
import { ChatAnswerError } from "./errors.js";
import type { FetchLike } from "./types.js";

export interface AccountsOptions {
  /** Server origin, e.g. `http://localhost:3000`; `""` in a page the server serves (relative URLs). */
  baseURL: string;
  fetch?: FetchLike | undefined;
  timeout?: number | undefined;
  /** Check answers against the route table (default: on, but in production builds). */
  validateAnswers?: boolean | undefined;
  /** The product session token (`token` of the sign-in answer), for the calls that take it (profile). */
  sessionToken?: (() => string | null | undefined) | undefined;
}

export class ParleyAccounts {
  readonly #caller: ApiCaller;

  constructor({ sessionToken, ...options }: AccountsOptions) {
    this.#caller = new ApiCaller({
      ...options,
      credentials: (auth) => {
        const token = auth === "session" ? sessionToken?.() : undefined;
        return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
      },
    });
  }

  /** Creates an account and signs it in. */
  signUp(account: Omit<SignupBody, "action">, options?: CallOptions): Promise<AuthResponse> {
    return this.#authenticate({ action: "signup", ...account }, options);
  }

  signIn(credentials: Omit<SigninBody, "action">, options?: CallOptions): Promise<AuthResponse> {
    return this.#authenticate({ action: "signin", ...credentials }, options);
  }

  /** Revokes the product session `token` and the chat tokens minted with it (their sockets close). */
  async signOut(token: string, options?: CallOptions): Promise<void> {
    await this.#caller.call("auth", { body: { action: "signout", token } }, options);
  }

  /** Changes the signed-in account's display name or picture (with `sessionToken`); the chat user follows. */
  updateProfile(profile: ProfileBody, options?: CallOptions): Promise<CallAnswer<"updateProfile">> {
    return this.#caller.call("updateProfile", { body: profile }, options);
  }

  /** The public configuration: the application key a ChatClient sends as `api_key`. */
  config(...args: CallArgs<"config", CallOptions>): Promise<CallAnswer<"config">> {
    return this.#caller.call("config", ...args);
  }

  async #authenticate(body: CallBody<"auth">, options?: CallOptions): Promise<AuthResponse> {
    const answer = await this.#caller.call("auth", { body }, options);
    if (!answer) throw new ChatAnswerError("auth", 204, [`no account answers a ${body.action}`]);
    return answer;
  }
}
