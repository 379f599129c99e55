import { afterAll, beforeAll, describe } from "vitest";
import type { Store } from "../../../src/store/store.js";
import type { ContractContext } from "../../../src/store/testing/fixtures.js";
import { accountsContract } from "./accounts-contract.js";
import { channelsContract } from "./channels-contract.js";
import { conversationContract } from "./conversation-contract.js";
import { eventsContract } from "./events-contract.js";
import { hiddenKindsContract } from "./hidden-kinds-contract.js";
import { listChannelsContract } from "./list-channels-contract.js";
import { membersContract } from "./members-contract.js";
import { messagesContract } from "./messages-contract.js";
import { moderationContract } from "./moderation-contract.js";
import { notificationsContract } from "./notifications-contract.js";
import { pollsContract } from "./polls-contract.js";
import { searchContract } from "./search-contract.js";
import { transactionContract } from "./transaction-contract.js";
import { unitOfWorkContract } from "./unit-of-work-contract.js";
import { uploadsContract } from "./uploads-contract.js";
import { usersContract } from "./users-contract.js";

/**
 * The behaviour every Store adapter must have. Registers vitest suites; `open` is called once
 * and the store is closed after. Every test writes fresh ids, so the database may be shared.
 */
export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store | undefined;
    const ctx: ContractContext = {
      get store() {
        if (!store) throw new Error("the store did not open");
        return store;
      },
    };
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });
    accountsContract(ctx);
    usersContract(ctx);
    channelsContract(ctx);
    listChannelsContract(ctx);
    membersContract(ctx);
    messagesContract(ctx);
    conversationContract(ctx);
    uploadsContract(ctx);
    pollsContract(ctx);
    moderationContract(ctx);
    notificationsContract(ctx);
    searchContract(ctx);
    hiddenKindsContract(ctx);
    eventsContract(ctx);
    transactionContract(ctx);
    unitOfWorkContract(ctx);
  });
}
