import { useParams } from "wouter";
import { NewsDetail } from "../../features/news/components/NewsDetail.tsx";
import "./pages.css";

/** /messageDetail/:code: one news item. */
export default function NewsDetailPage() {
  const { code = "" } = useParams<{ code?: string }>();
  return (
    <div className="page">
      <NewsDetail code={decodeURIComponent(code)} />
    </div>
  );
}
