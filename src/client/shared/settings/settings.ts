import { type FiatCurrency, fiatCurrencies } from "../../../contract/currencies.ts";
import { DEFAULT_MODEL_ID } from "../../../contract/model-catalogue.ts";
import { booleanSetting, integerSetting, settingAtom, stringSetting, textSetting } from "./setting-atom.ts";

/** The persisted settings of spec §3, one atom each, stored through the host. */

export const themeValues = ["theme-dark", "theme-light"] as const;
export type ThemeValue = (typeof themeValues)[number];
export const themeValueAtom = settingAtom<ThemeValue>("themeValue", "theme-dark", stringSetting(themeValues));

/**
 * The currency prices are shown in: USD (prices are USDT, read as US dollars), or EUR / CNY converted at the ECB
 * reference rate in force at the market time.
 */
export const displayCurrencyAtom = settingAtom<FiatCurrency>("currency", "USD", stringSetting(fiatCurrencies));

export const searchTabs = ["search", "deepThink", "aiSwap"] as const;
export type SearchTab = (typeof searchTabs)[number];
export const searchTabAtom = settingAtom<SearchTab>("searchTab", "search", stringSetting(searchTabs));

/** whether the wide layout's side panel stays open */
export const pinSideAtom = settingAtom<boolean>("pinSide", true, booleanSetting);

export const editions = ["PLUSEdition", "BasicEdition"] as const;
export type Edition = (typeof editions)[number];
export const editionAtom = settingAtom<Edition>("Edition", "PLUSEdition", stringSetting(editions));

export const agentsTypes = ["tradingAgent", "PredictAgent", "ManagementAgent"] as const;
export type AgentsType = (typeof agentsTypes)[number];
export const agentsTypeAtom = settingAtom<AgentsType>("agentsType", "tradingAgent", stringSetting(agentsTypes));

/** the model chat answers come from (spec §3 answerModel) */
export const answerModelAtom = settingAtom<number>("answerModel", DEFAULT_MODEL_ID, integerSetting);

/** the promotional tip the user closed, as a day stamp (YYYY-MM-DD) */
export const closeTipIndAtom = settingAtom<string>("closeTipInd", "", textSetting);

/** the signed-in user's id (spec §3 userId); "" when signed out */
export const userIdAtom = settingAtom<string>("userId", "", textSetting);

/** the wallet the user signed in with (spec §3 connectWalletAddress, connectWalletChainID, connectWalletName) */
export const connectWalletAddressAtom = settingAtom<string>("connectWalletAddress", "", textSetting);
/** 0 when no wallet is connected */
export const connectWalletChainIdAtom = settingAtom<number>("connectWalletChainID", 0, integerSetting);
export const connectWalletNameAtom = settingAtom<string>("connectWalletName", "", textSetting);

/** Spec §5: an invitation code is uppercase letters and digits (at most 32, as the server takes it). */
export const INVITATION_CODE_PATTERN = /^[A-Z0-9]{1,32}$/;
const INVITATION_CODE_KEY = "inviterCode";

/**
 * The invitation code a `ref_` link brought (Telegram's start parameter or a browser's ?startapp=): the sign-up
 * form's inviter field starts with it; "" when there is none.
 */
export const invitationCodeAtom = settingAtom<string>(INVITATION_CODE_KEY, "", {
  parse: (raw) => (INVITATION_CODE_PATTERN.test(raw) ? raw : undefined),
  serialize: (value) => value,
});
