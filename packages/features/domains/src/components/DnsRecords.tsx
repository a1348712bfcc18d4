import type { CustomDomain } from '@appforge/sdk';
import { CopyButton } from '@appforge/ui';

/** The records to create at the DNS provider, each part with a copy button. */
export function DnsRecords({ domain }: { domain: CustomDomain }) {
  return (
    <table className="domains-records">
      <caption>DNS records to create for {domain.display}</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          <th scope="col">What for</th>
        </tr>
      </thead>
      <tbody>
        {domain.records.map((record) => (
          <tr key={`${record.type} ${record.value}`}>
            <td>{record.type}</td>
            <td>
              <code>{record.name}</code>
              <CopyButton size="sm" variant="ghost" text={record.name} label="Copy" copiedLabel="Copied" aria-label={`Copy the ${record.type} record’s name`} />
            </td>
            <td>
              <code>{record.value}</code>
              <CopyButton size="sm" variant="ghost" text={record.value} label="Copy" copiedLabel="Copied" aria-label={`Copy the ${record.type} record’s value`} />
            </td>
            <td className="domains-muted">{record.purpose}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
