import { createSecretKey } from "node:crypto";
import { ErrorCode } from "@parley/protocol";
import { errors, jwtVerify, SignJWT } from "jose";
import { BoundedMap } from "../../lib/bounded-map.js";
import { DomainError } from "../errors.js";

export const USER_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** Who a chat call acts for: a user, or the server (which may act for any user). */
export interface Actor {
  userId: string;
  /** True when the call came with a server-side token. */
  server: boolean;
  /** The token's id when it can be revoked (user tokens minted at sign-in). */
  tokenId?: string;
  /** The user's app role when the call was authenticated (`user` when unknown). */
  role?: "user" | "moderator" | "admin";
}

export interface VerifiedToken {
  userId: string | null;
  server: boolean;
  tokenId?: string;
  expiresAt?: number;
}

export interface ChatTokens {
  mintUserToken(userId: string, opts?: { ttlSeconds?: number; tokenId?: string }): Promise<string>;
  mintServerToken(ttlSeconds?: number): Promise<string>;
  /** Checks signature and expiry only; revocation is the chat auth service's job. */
  verify(token: string): Promise<VerifiedToken>;
}

/** Tokens whose signature was checked, kept so a client's every request does not redo the HMAC. */
const VERIFIED_TOKENS = 10_000;

interface Verified {
  token: VerifiedToken;
  /** The `exp` claim (seconds), checked again on every use; absent for tokens that never expire. */
  exp?: number;
}

export function chatTokens(secret: string): ChatTokens {
  // A KeyObject made once: with raw bytes, jose imports the key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  // Keyed by the whole token, signature included, so only a token this key signed can hit.
  const verified = new BoundedMap<string, Verified>(VERIFIED_TOKENS);
  return {
    async mintUserToken(userId, opts = {}) {
      const jwt = new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (opts.ttlSeconds ?? USER_TOKEN_TTL_SECONDS));
      if (opts.tokenId) jwt.setJti(opts.tokenId);
      return jwt.sign(key);
    },
    async mintServerToken(ttlSeconds) {
      const jwt = new SignJWT({ server: true })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuedAt();
      if (ttlSeconds !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
      return jwt.sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp !== undefined && hit.exp <= Math.floor(Date.now() / 1000)) {
          verified.delete(token);
          throw new DomainError(ErrorCode.tokenExpired, "token has expired");
        }
        return hit.token;
      }
      const checked = await verifySignature(token);
      verified.set(token, checked);
      return checked.token;
    },
  };

  async function verifySignature(token: string): Promise<Verified> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ["HS256"] }));
    } catch (err) {
      if (err instanceof errors.JWTExpired)
        throw new DomainError(ErrorCode.tokenExpired, "token has expired");
      throw new DomainError(ErrorCode.tokenInvalid, "token is malformed or its signature is invalid");
    }
    if (payload.server === true && payload.sub === undefined)
      return { token: { userId: null, server: true }, exp: payload.exp };
    if (typeof payload.sub === "string" && payload.sub.length > 0 && payload.exp !== undefined) {
      const tokenId = typeof payload.jti === "string" ? payload.jti : undefined;
      return {
        token: { userId: payload.sub, server: false, tokenId, expiresAt: payload.exp },
        exp: payload.exp,
      };
    }
    throw new DomainError(ErrorCode.tokenInvalid, "token has no subject or expiry");
  }
}
