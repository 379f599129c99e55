/** The full emoji picker (emoji-picker-react, native emoji, no CDN): loaded only when opened. */
import EmojiPicker, { type EmojiClickData } from "emoji-picker-react";

export default function FullEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      colorScheme="auto"
      width={320}
      height={380}
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
    />
  );
}
