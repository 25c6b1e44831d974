import { useParams } from "wouter";
import { SharedReport } from "../../features/report/components/SharedReport.tsx";

/** /reportShareDetail/{code} (spec §2): a shared research report, public and read-only, with its PDF. */
export default function ReportSharePage() {
  const { code = "" } = useParams<{ code?: string }>();
  return <SharedReport key={code} code={code} />;
}
