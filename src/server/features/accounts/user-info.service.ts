// SKELETON (helper C replaces): quotas, user info, profile and edition.
import type { z } from "zod";
import type { editionBodySchema, modifyProfileBodySchema, UserInfoData } from "../../../contract/user.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../providers/clock.ts";
import type { UsersRepository } from "./users.repository.ts";

export interface UserInfoDeps {
  db: Database;
  clock: Clock;
  users: UsersRepository;
}

export function createUserInfoService(_deps: UserInfoDeps) {
  const pending = async (): Promise<never> => {
    throw new Error("pending");
  };
  return {
    forUser: (_userId: number): Promise<UserInfoData> => pending(),
    forVisitor: (_visitorId: string): Promise<UserInfoData> => pending(),
    modifyProfile: (_userId: number, _body: z.output<typeof modifyProfileBodySchema>): Promise<void> => pending(),
    setEdition: (_userId: number, _body: z.output<typeof editionBodySchema>): Promise<void> => pending(),
    avatar: (_userId: number): Promise<{ bytes: Buffer; mime: string } | undefined> => pending(),
  };
}

export type UserInfoService = ReturnType<typeof createUserInfoService>;
