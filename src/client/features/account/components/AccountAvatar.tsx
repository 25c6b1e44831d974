import { useUserInfo } from "../api/get-user-info.ts";
import { Avatar } from "./Avatar.tsx";

/** The header's avatar once user/info has answered (a lazy chunk: swr stays out of the first load). */
export default function AccountAvatar({ name, size }: { name: string | null; size: number }) {
  const { data } = useUserInfo();
  return <Avatar url={data?.profile?.avatar_url} name={data?.profile?.username ?? name} size={size} />;
}
