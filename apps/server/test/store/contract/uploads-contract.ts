import { describe, expect, it } from "vitest";
import type { UploadRow } from "../../../src/store/store.js";
import {
  addChannel,
  addUser,
  at,
  type ContractContext,
  fresh,
  messageRow,
} from "../../../src/store/testing/fixtures.js";

const upload = (cid: string, userId: string, over: Partial<UploadRow> = {}): UploadRow => ({
  id: fresh("up"),
  cid,
  user_id: userId,
  message_id: null,
  name: "photo.png",
  mime: "image/png",
  size: 12_345,
  width: 640,
  height: 480,
  storage_key: fresh("key"),
  created_at: at(1),
  deleted_at: null,
  ...over,
});

export function uploadsContract(ctx: ContractContext): void {
  describe("uploads", () => {
    it("stores an upload, attaches it once, lists and soft-deletes a message's uploads", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const u = await addUser(store);
      const [m1, m2] = [messageRow(ch.cid, u.id, 1), messageRow(ch.cid, u.id, 2)];
      for (const m of [m1, m2]) await store.messages.insert(m);
      const [a, b] = [
        upload(ch.cid, u.id, { created_at: at(2) }),
        upload(ch.cid, u.id, { created_at: at(1) }),
      ];
      for (const x of [a, b]) await store.uploads.insert(x);
      const got = await store.uploads.get(a.id);
      expect(got).toEqual(a);
      expect(typeof got?.size).toBe("number");
      expect(await store.uploads.get(fresh("none"))).toBeUndefined();

      await store.uploads.attach([], m1.id);
      await store.uploads.attach([a.id, b.id], m1.id);
      await store.uploads.attach([a.id], m2.id);
      expect(await store.uploads.forMessage(m1.id)).toEqual([
        { ...b, message_id: m1.id },
        { ...a, message_id: m1.id },
      ]);
      expect(await store.uploads.forMessage(m2.id)).toEqual([]);

      const deleted = await store.uploads.markDeleted(m1.id, at(9));
      expect(deleted.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
      expect(deleted.every((x) => x.deleted_at === at(9))).toBe(true);
      expect(await store.uploads.markDeleted(m1.id, at(10))).toEqual([]);
    });

    it("removes only unattached uploads older than the cut-off", async () => {
      const { store } = ctx;
      const ch = await addChannel(store);
      const u = await addUser(store);
      const m = messageRow(ch.cid, u.id, 1);
      await store.messages.insert(m);
      // 2002: older than anything else the suite writes, so the answer is this test's own.
      const old = (s: number) => at(s, Date.UTC(2002, 0, 1));
      const orphan = upload(ch.cid, u.id, { created_at: old(1) });
      const attached = upload(ch.cid, u.id, { created_at: old(2) });
      const young = upload(ch.cid, u.id, { created_at: old(100) });
      for (const x of [orphan, attached, young]) await store.uploads.insert(x);
      await store.uploads.attach([attached.id], m.id);
      expect(await store.uploads.removeOrphans(old(50))).toEqual([orphan]);
      expect(await store.uploads.get(orphan.id)).toBeUndefined();
      expect(await store.uploads.get(young.id)).toEqual(young);
      expect((await store.uploads.get(attached.id))?.message_id).toBe(m.id);
    });
  });
}
