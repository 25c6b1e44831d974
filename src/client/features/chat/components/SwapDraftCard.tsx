import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "wouter";
import "../../../shared/ui/button.css";
import "./swap-draft-card.css";

/**
 * An aiSwap answer's handoff (contract/chat.ts SWAP_SCREEN_PATH): the swap draft MountainLion read from the request,
 * as a "Review this swap" card. Its text is the link's, written by the answer in its own language (the pair, the
 * amount and the chain); its button opens the swap screen prefilled with the draft (fromChainId, toChainId,
 * fromToken, toToken, amount) inside the app. Nothing is ordered here: the swap screen quotes the draft and the user
 * signs in their own wallet. Made of inline elements, as it stands where the answer's link stood (in a paragraph).
 */
export function SwapDraftCard({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useLingui();
  const title = t`Review this swap`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset may not stand in a paragraph, where the answer's link stood
    <span className="swap-draft" role="group" aria-label={title}>
      <span className="swap-draft__title">{title}</span>
      <span className="swap-draft__pair">{children}</span>
      <span className="swap-draft__note">
        {t`The swap screen gets a live quote; nothing happens until you sign in your own wallet.`}
      </span>
      <Link href={href} className="button button--primary swap-draft__open">
        {t`Open the swap screen`}
      </Link>
    </span>
  );
}
