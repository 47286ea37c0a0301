import type { PresentedLogRow } from "../../src/modules/audit/presenter";
import type { Wire } from "../../src/lib/responses";
import { useT } from "../lib/ui/i18n";

/** One event of the log; its data item, task or article links to where it lives while it exists. */
export function ActivityRow({ row, dateFormat }: { row: Wire<PresentedLogRow>; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useT();
  const user = row.userEntity ? `${row.userEntity.firstName} ${row.userEntity.lastName} (${row.userEntity.login})` : "—";
  const data = row.abstractData;
  return (
    <tr>
      <td>{dateFormat.format(new Date(row.date))}</td>
      <td>{user}</td>
      <td title={row.activityType}>{t(`admin.activity.kind.${row.activityType}`)}</td>
      <td>
        {row.subject ? (
          <>
            {t(`admin.activity.subject.${row.subject.type}`)}: {row.subject.path ? <a href={row.subject.path}>{row.subject.name}</a> : row.subject.name}
          </>
        ) : (
          row.description
        )}
      </td>
      {/* Spec 1: /project/{projectId}/{datatype lowercase}/{dataId}; an item deleted for good keeps its name, without a link. */}
      <td>{data ? <a href={`/project/${data.projectId}/${data.dataType.toLowerCase()}/${data.id}`}>{data.name}</a> : (row.dataName ?? "")}</td>
    </tr>
  );
}
