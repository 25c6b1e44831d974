import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import type { SharedLink } from "../api/chat-mutations.ts";
import { type ShareSite, shareIntentUrl, shareSummary } from "../model/share-rules.ts";
import { downloadBlob, renderShareImage, type ShareImageMessage } from "../share-image.ts";

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  link: SharedLink | null;
  messages: readonly ShareImageMessage[];
}

const downloadFailed = msg`The image could not be created.`;

/** The public page's full address (the server answers its path). */
export function shareAddress(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * Spec §2 share dialog: copy link, download image, Telegram (inside the mini app, through the host), X,
 * Facebook, Weibo and a QR code for WeChat.
 */
export function ShareDialog({ open, onClose, link, messages }: ShareDialogProps) {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const [drawing, setDrawing] = useState(false);
  const linkId = useId();
  const address = link ? shareAddress(link.url) : "";
  const summary = link ? shareSummary(link.summary_str) : "";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.show(messageKeyText.copySuccess, "success");
    } catch {
      // spec §8: copy failures are ignored
    }
  };
  const download = async () => {
    setDrawing(true);
    try {
      const blob = await renderShareImage(messages, {
        heading: "MountainLion",
        url: address,
        questionLabel: t`Question`,
        answerLabel: t`Answer`,
      });
      downloadBlob(blob, `mountainlion-${link?.code ?? "chat"}.png`);
    } catch {
      toast.show(downloadFailed, "error");
    } finally {
      setDrawing(false);
    }
  };
  const openSite = (site: ShareSite) => host.links.open(shareIntentUrl(site, address, summary));

  return (
    <Dialog open={open} onClose={onClose} title={t`Share messages`} className="share-dialog">
      {link ? (
        <div className="share-dialog__content">
          <p className="share-dialog__summary">{summary}</p>
          <div className="share-dialog__link">
            <label className="field__label" htmlFor={linkId}>
              {t`Link`}
            </label>
            <input
              id={linkId}
              className="input"
              readOnly
              value={address}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
          <div className="share-dialog__actions">
            <Button variant="primary" onClick={() => void copy()}>
              {t`Copy link`}
            </Button>
            <Button disabled={drawing} aria-busy={drawing || undefined} onClick={() => void download()}>
              {t`Download image`}
            </Button>
            {host.share.toChat ? (
              <Button onClick={() => void host.share.shareUrl(address, summary)}>{t`Share to a Telegram chat`}</Button>
            ) : null}
            <Button onClick={() => openSite("x")}>{t`Share on X`}</Button>
            <Button onClick={() => openSite("facebook")}>{t`Share on Facebook`}</Button>
            <Button onClick={() => openSite("weibo")}>{t`Share on Weibo`}</Button>
          </div>
          {link.qrcode ? (
            <figure className="share-dialog__qr">
              <img src={link.qrcode} alt={t`QR code of the link`} width={160} height={160} />
              <figcaption>{t`Scan with WeChat to share`}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : (
        <p role="status">{t`Preparing the link…`}</p>
      )}
    </Dialog>
  );
}
