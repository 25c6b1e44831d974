import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom, useAtomValue } from "jotai";
import { useEffect } from "react";
import { Link, useSearch } from "wouter";
import type { FiatCurrency } from "../../../contract/currencies.ts";
import { DigestSetting } from "../../features/digest/components/DigestSetting.tsx";
import { useHost } from "../../host/host-context.tsx";
import { shortenAddress } from "../../shared/format/address.ts";
import { activateLocale } from "../../shared/i18n/i18n.ts";
import { type Locale, normalizeLocale } from "../../shared/i18n/locales.ts";
import {
  connectWalletAddressAtom,
  connectWalletNameAtom,
  displayCurrencyAtom,
  type ThemeValue,
  themeValueAtom,
} from "../../shared/settings/settings.ts";
import { RadioGroup } from "../../shared/ui/RadioGroup.tsx";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

const sections = ["language", "theme", "currency", "messages", "wallet"] as const;

/** Settings (spec §2 /settings/?type=messages|language|theme|wallet). */
export default function SettingsPage(_props: PageProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const [theme, setTheme] = useAtom(themeValueAtom);
  const [currency, setCurrency] = useAtom(displayCurrencyAtom);
  const type = new URLSearchParams(useSearch()).get("type");
  const walletAddress = useAtomValue(connectWalletAddressAtom);
  const walletName = useAtomValue(connectWalletNameAtom);
  const shortWallet = shortenAddress(walletAddress);

  useEffect(() => {
    const target = sections.find((section) => section === type);
    if (target) document.getElementById(`settings-${target}`)?.scrollIntoView({ block: "start" });
  }, [type]);

  return (
    <section className="page settings" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Settings</Trans>
      </h1>
      <div id="settings-language" className="settings__section">
        <RadioGroup<Locale>
          label={t`Language`}
          name="language"
          options={[
            { value: "en", label: "English" },
            { value: "zh", label: "中文" },
          ]}
          value={normalizeLocale(i18n.locale)}
          onChange={(locale) => {
            host.haptics.selection();
            void activateLocale(locale);
          }}
        />
      </div>
      <div id="settings-theme" className="settings__section">
        {host.theme.followsHost ? (
          <p className="page__lead">
            <Trans>The colours follow your Telegram theme.</Trans>
          </p>
        ) : (
          <RadioGroup<ThemeValue>
            label={t`Theme`}
            name="theme"
            options={[
              { value: "theme-dark", label: t`Dark` },
              { value: "theme-light", label: t`Light` },
            ]}
            value={theme}
            onChange={(value) => {
              host.haptics.selection();
              setTheme(value);
            }}
          />
        )}
      </div>
      <div id="settings-currency" className="settings__section">
        <RadioGroup<FiatCurrency>
          label={t`Currency`}
          name="currency"
          options={[
            { value: "USD", label: t`US dollar (USD)` },
            { value: "EUR", label: t`Euro (EUR)` },
            { value: "CNY", label: t`Chinese yuan (CNY)` },
          ]}
          value={currency}
          onChange={(value) => {
            host.haptics.selection();
            setCurrency(value);
          }}
        />
        <p className="page__lead">
          <Trans>
            Prices are in USDT, shown as US dollars. Euros and yuan are converted at the ECB reference rate in force on
            the market's date, named beside the prices.
          </Trans>
        </p>
      </div>
      <div id="settings-messages" className="settings__section">
        <h2 className="settings__heading">
          <Trans>Messages</Trans>
        </h2>
        <DigestSetting />
        <p className="page__lead">
          <Trans>News and price-alarm messages are not available yet.</Trans>
        </p>
      </div>
      <div id="settings-wallet" className="settings__section">
        <h2 className="settings__heading">
          <Trans>Wallet</Trans>
        </h2>
        <p className="page__lead">
          {walletAddress ? (
            <Trans>
              Signed in with {walletName}: {shortWallet}
            </Trans>
          ) : (
            <Trans>No wallet is connected. Sign in with a browser wallet to connect one.</Trans>
          )}
        </p>
        <p className="page__lead">
          <Link href="/aiWallet">
            <Trans>AI wallet: a wallet the server holds for your email account, for swaps and limit orders</Trans>
          </Link>
        </p>
      </div>
    </section>
  );
}
