import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { useShareReward } from "../../../shared/rewards/share-reward.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import type { SharedLink } from "../api/chat-mutations.ts";
import { chatLanguage } from "../api/chat-paths.ts";
import { prepareTelegramShare } from "../api/share-to-telegram.ts";
import { type ShareSite, shareIntentUrl, shareSummary } from "../model/share-rules.ts";
import { downloadBlob, renderShareImage, type ShareImageMessage } from "../share-image.ts";

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  link: SharedLink | null;
  messages: readonly ShareImageMessage[];
}

const downloadFailed = msg`The image could not be created.`;
const sharedToTelegram = msg`Shared to Telegram.`;
const telegramShareFailed = msg`Telegram could not share the chat. Please try again.`;

/** The public page's full address (the server answers its path). */
export function shareAddress(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * Spec §2 share dialog: copy link, download image, Telegram (inside the mini app, through the host), X,
 * Facebook, Weibo and a QR code for WeChat.
 */
export function ShareDialog({ open, onClose, link, messages }: ShareDialogProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const toast = useToast();
  const [drawing, setDrawing] = useState(false);
  const [sending, setSending] = useState(false);
  const [wechat, setWechat] = useState(false);
  const reward = useShareReward();
  const linkId = useId();
  const address = link ? shareAddress(link.url) : "";
  const summary = link ? shareSummary(link.summary_str) : "";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.show(messageKeyText.copySuccess, "success");
      reward("copyLink");
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
      reward("downloadImage");
    } catch {
      toast.show(downloadFailed, "error");
    } finally {
      setDrawing(false);
    }
  };
  // Inside Telegram (Mini Apps 8.0): the bot prepares the chat's card and Telegram's own picker sends it
  const shareToTelegram = async () => {
    if (!link) return;
    setSending(true);
    try {
      const prepared = await prepareTelegramShare(link.code, chatLanguage(i18n.locale));
      const outcome = await host.share.sharePreparedMessage(prepared.id);
      if (outcome === "shared") {
        host.haptics.notification("success");
        toast.show(sharedToTelegram, "success");
        onClose();
      } else if (outcome === "failed" || outcome === "unavailable") {
        toast.show(telegramShareFailed, "error");
      }
    } catch (error) {
      toast.show(isApiError(error) ? messageForKey(error.key) : telegramShareFailed, "error");
    } finally {
      setSending(false);
    }
  };
  // a site's share page opened is the share (spec §9 rewards Twitter, Facebook and Weibo alike)
  const openSite = (site: ShareSite) => {
    host.links.open(shareIntentUrl(site, address, summary));
    reward(site === "x" ? "twitter" : site);
  };
  const showWechat = () => {
    setWechat(true);
    reward("wechat");
  };

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
            {host.share.preparedMessage ? (
              <Button
                variant="primary"
                disabled={sending}
                aria-busy={sending || undefined}
                onClick={() => void shareToTelegram()}
              >
                {t`Share to Telegram`}
              </Button>
            ) : null}
            {host.share.toChat && !host.share.preparedMessage ? (
              <Button onClick={() => void host.share.shareUrl(address, summary)}>{t`Share to a Telegram chat`}</Button>
            ) : null}
            <Button onClick={() => openSite("x")}>{t`Share on X`}</Button>
            <Button onClick={() => openSite("facebook")}>{t`Share on Facebook`}</Button>
            <Button onClick={() => openSite("weibo")}>{t`Share on Weibo`}</Button>
            {link.qrcode ? (
              <Button aria-expanded={wechat} onClick={showWechat}>
                {t`Share on WeChat`}
              </Button>
            ) : null}
          </div>
          {link.qrcode && wechat ? (
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
