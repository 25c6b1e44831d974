import type { UserInfoData } from "../../../../contract/user.ts";

/** user/info of a signed-in user on a standard card, for the account tests. */
export function fakeUserInfo(profile: Partial<NonNullable<UserInfoData["profile"]>> = {}): UserInfoData {
  return {
    card: "0",
    queryTimes: { today: { remain: 1, total: 2 }, exchange: { remain: 0, total: 0 }, isUnlimited: false },
    dataAnalysisTimes: { remain: 0, total: 0, isUnlimited: false },
    allowance_num: 0,
    expiredTime: null,
    expiredDays: 0,
    timeAlert: false,
    edition: "PLUSEdition",
    profile: {
      user_id: "7",
      uid: "100007",
      username: "investor@example.com",
      email: "investor@example.com",
      wallet_address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      telegram_id: null,
      avatar_url: null,
      invitation_code: "INV7X2",
      created_at: "2025-03-07T14:05:00.000Z",
      username_changeable_at: null,
      ...profile,
    },
  };
}
