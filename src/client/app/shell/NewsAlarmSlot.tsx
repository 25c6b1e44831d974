import { useAtomValue } from "jotai";
import NewsAlarmBell from "../../features/alarms/components/NewsAlarmBell.tsx";
import { JustInNews } from "../../features/news/components/JustInNews.tsx";
import { pushedNewsAtom } from "../../features/news/live/pushed-news.ts";

/** The header's news-and-alarm popover: the alarms feature's bell, given the news pushed while the app is open. */
export default function NewsAlarmSlot() {
  const news = useAtomValue(pushedNewsAtom);
  return <NewsAlarmBell news={<JustInNews />} newsCodes={news.map((item) => item.code)} />;
}
