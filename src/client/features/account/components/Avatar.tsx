import { displayName } from "../../../shared/format/display-name.ts";
import { Icon } from "../../../shared/ui/Icon.tsx";

// A wallet address makes a poor initial ("0"); such users get the person icon instead.
const ADDRESS_LIKE = /^0x[0-9a-f]/i;

/** The user's picture, or the first letter of their name on a coloured disc. Decorative: names say who. */
export function Avatar({
  url,
  name,
  size = 32,
}: {
  url?: string | null | undefined;
  name: string | null;
  size?: number;
}) {
  if (url) {
    return <img className="avatar" src={url} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  }
  const shown = displayName(name, { context: "popover" });
  const initial = ADDRESS_LIKE.test(shown) ? "" : (Array.from(shown)[0]?.toUpperCase() ?? "");
  return (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {initial || <Icon name="user" size={Math.round(size * 0.55)} />}
    </span>
  );
}
