import { useLingui } from "@lingui/react/macro";
import "./token-pair.css";

/**
 * The round button that switches the token to pay with the token to receive; its arrow points the way the two
 * tokens stand ("column": one above the other, "row": side by side).
 */
export function SwitchTokensButton({
  layout,
  disabled,
  onClick,
}: {
  layout: "column" | "row";
  disabled: boolean;
  onClick: () => void;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="switch-tokens"
      aria-label={t`Switch the tokens`}
      disabled={disabled}
      onClick={onClick}
    >
      {layout === "column" ? "⇅" : "⇄"}
    </button>
  );
}
