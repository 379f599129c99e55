import { expect, test } from "@playwright/test";
import { chat, createChannel, createUser } from "./chat-support";
import { fitting } from "./xss-corpus";
import { expectNothingRan, watchedPage } from "./xss-support";

/**
 * File names: every payload is the name of an uploaded file (text files show as file cards,
 * PNGs as images whose alt text is the name), ten to a message.
 */
test.setTimeout(5 * 60_000);

// A 3×2 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGP4z8DwH4YZYBwAUukH+f6MYWIAAAAASUVORK5CYII=",
  "base64",
);

test("file names: no payload runs", async ({ browser, request }) => {
  const viewer = await createUser(request, "Viewer");
  const cid = await createChannel(request, viewer, [], "XSS files");
  const path = `/channels/${cid.replace(":", "/")}`;
  const { page, context, watch } = await watchedPage(browser, viewer, `/c/${cid}`);
  const key = ((await (await request.get("/api/config")).json()) as { apiKey: string }).apiKey;
  const names = fitting(200);
  expect(names.length).toBeGreaterThanOrEqual(200);
  for (let i = 0; i < names.length; i += 10) {
    const ids = await Promise.all(
      names.slice(i, i + 10).map(async (name, j) => {
        const image = (i + j) % 2 === 0;
        const res = await request.post(`/chat${path}/uploads?api_key=${key}`, {
          headers: { Authorization: `Bearer ${viewer.auth.streamToken}` },
          multipart: {
            file: {
              name,
              mimeType: image ? "image/png" : "text/plain",
              buffer: image ? PNG : Buffer.from("hi"),
            },
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { file: { id: string } }).file.id;
      }),
    );
    const { message } = await chat<{ message: { id: string } }>(request, viewer, "POST", `${path}/messages`, {
      message: { text: `files ${i}`, attachments: ids },
    });
    const row = page.locator(`[data-message-id="${message.id}"]`);
    await expect(
      row.locator('[data-testid="attachment-file"], [data-testid="attachment-image"]'),
    ).toHaveCount(ids.length);
  }
  await expectNothingRan(page, watch);
  await context.close();
});
