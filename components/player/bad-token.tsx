import { MessagePage } from "@/components/ui/message-page";

const COPY: Record<string, { title: string; body: string }> = {
  token_missing: {
    title: "Open the lobby from your launch link",
    body: "The lobby needs the launch link your operator gave you. Open that link again to come in.",
  },
  token_invalid: {
    title: "This launch link is not valid",
    body: "The link may be incomplete or mistyped. Ask your operator for a new launch link.",
  },
  token_expired: {
    title: "Your session has expired",
    body: "Launch links are valid for a limited time. Open the game again from your operator to get a new one.",
  },
};

/** The page a player sees without a usable token: what happened and what to do. */
export function BadToken({ code }: { code: string }) {
  const copy = COPY[code] ?? COPY.token_invalid!;
  return (
    <MessagePage title={copy.title}>
      <p>{copy.body}</p>
    </MessagePage>
  );
}
