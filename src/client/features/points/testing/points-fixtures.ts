import {
  type ActListData,
  actListDataSchema,
  type InviteInfoData,
  inviteInfoDataSchema,
  type LedgerEntryData,
  ledgerEntrySchema,
  type ShareCountData,
  type SignData,
  type SignInfoData,
  shareCountDataSchema,
  signDataSchema,
  signInfoDataSchema,
  type UserPointsInfoData,
  type UserVerifiedTaskData,
  userPointsInfoDataSchema,
  userVerifiedTaskDataSchema,
} from "../../../../contract/points.ts";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";

/** The points center's answers, checked against the contract so a fixture cannot drift from the server. */
export function fakePointsInfo(points: number): UserPointsInfoData {
  return userPointsInfoDataSchema.parse({
    userName: "investor@example.com",
    userId: "7",
    imageUrl: null,
    points,
    invitationCode: "INV7X2",
    chargePointsLists: [],
    buyProductLists: [],
  });
}

export function fakeSignInfo(info: Partial<SignInfoData> = {}): SignInfoData {
  return signInfoDataSchema.parse({
    checkedInToday: false,
    streak: 2,
    todayPoints: 0,
    nextPoints: 20,
    nextDay: "2026-03-28",
    points: 35,
    ...info,
  });
}

export function fakeSign(sign: SignData): SignData {
  return signDataSchema.parse(sign);
}

export function fakeEntry(entry: Partial<LedgerEntryData> & Pick<LedgerEntryData, "id">): LedgerEntryData {
  return ledgerEntrySchema.parse({
    amount: 10,
    reason: "checkIn",
    reference: `checkIn:7:${entry.id}`,
    createTime: "2026-03-27T08:30:00.000Z",
    ...entry,
  });
}

export function fakeActList(list: LedgerEntryData[], total = list.length): ActListData {
  return actListDataSchema.parse({ list, total });
}

/**
 * A fake points server for one signed-in user: a balance, today's check-in state and a ledger. A check-in adds
 * its entry and points; a second one the same day answers alreadyCheckedIn as the server does.
 */
export function fakePointsServer(start: { points: number; signInfo: SignInfoData; ledger: LedgerEntryData[] }) {
  let points = start.points;
  let signInfo = start.signInfo;
  const ledger = [...start.ledger];
  return (call: RecordedCall): StubReply => {
    switch (call.path) {
      case "points/getUserPointsInfo":
        return { data: fakePointsInfo(points) };
      case "getUserSignInfo":
        return { data: { ...signInfo, points } };
      case "getUserActList": {
        const page = Number(call.query.get("page") ?? 1);
        const pageSize = Number(call.query.get("pageSize") ?? 20);
        return { data: fakeActList(ledger.slice((page - 1) * pageSize, page * pageSize), ledger.length) };
      }
      case "points/sign": {
        if (signInfo.checkedInToday) return { status: 409, code: 1001, data: { key: "alreadyCheckedIn" } };
        const awarded = signInfo.nextPoints;
        points += awarded;
        const streak = signInfo.streak + 1;
        signInfo = { ...signInfo, checkedInToday: true, streak, todayPoints: awarded, nextPoints: awarded + 5 };
        ledger.unshift(fakeEntry({ id: `sign-${streak}`, amount: awarded, createTime: "2026-03-28T09:00:00.000Z" }));
        return { data: fakeSign({ awarded, streak, points }) };
      }
      default:
        return { status: 404, code: 1001, data: { key: "notFound" } };
    }
  };
}

export function fakeShareCount(count: number): ShareCountData {
  return shareCountDataSchema.parse({ count, limit: 10 });
}

export function fakeInviteInfo(info: Partial<InviteInfoData> = {}): InviteInfoData {
  return inviteInfoDataSchema.parse({
    invitationCode: "INV7X2",
    botLink: null,
    count: 0,
    points: 0,
    list: [],
    ...info,
  });
}

export function fakeTwitterTasks(data: Partial<UserVerifiedTaskData> = {}): UserVerifiedTaskData {
  return userVerifiedTaskDataSchema.parse({
    username: null,
    tasks: [
      { task: "follow", points: 300, verified: false, url: "https://x.com/mountainlion" },
      { task: "repost", points: 300, verified: false, url: "https://x.com/i/status/1" },
    ],
    ...data,
  });
}

/** What a server without X API keys answers every Twitter call. */
export const twitterNotConfigured: StubReply = {
  status: 400,
  code: 1001,
  msg: "Twitter tasks are not available on this server",
  data: { key: "notConfigured" },
};
