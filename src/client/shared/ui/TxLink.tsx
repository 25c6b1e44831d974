import type { MouseEvent } from "react";
import { useHost } from "../../host/host-context.tsx";
import { shortenAddress } from "../format/address.ts";
import "./tx-link.css";

export interface TxLinkProps {
  /** what the transaction is ("Withdrawal transaction"); with the short hash it names the link */
  label: string;
  hash: string;
  /** the explorer page of the transaction; without it the short hash is shown as text */
  url: string | null;
}

/**
 * A transaction hash shortened to its first 4 and last 4 characters (spec §5), the whole hash in its title. With an
 * explorer link it opens through the host (outside the web view in Telegram); the link's accessible name is the
 * label and the short hash.
 */
export function TxLink({ label, hash, url }: TxLinkProps) {
  const host = useHost();
  const short = shortenAddress(hash);
  if (!url) {
    return (
      <code className="tx-link" title={hash}>
        {short}
      </code>
    );
  }
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    host.links.open(url);
  };
  return (
    <a
      className="tx-link tx-link--link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${short}`}
      title={hash}
      onClick={open}
    >
      {short}
    </a>
  );
}
