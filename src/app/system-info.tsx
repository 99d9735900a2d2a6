/**
 * The system's own line under the main menu (/base/systemInfo, 000 section 7): its name and the
 * server's version, and the service phone and hours when the server gives them. Nothing shows until
 * it has answered, and a failure shows nothing (the line is information, not a task).
 */
import { Text } from '@radix-ui/themes';
import { useResource } from '../ui/use-resource';
import { loadSystemInfo, serviceLine } from '../shared/system-info';

export function SystemInfoLine() {
  const info = useResource(loadSystemInfo).data;
  if (!info) return null;
  const service = serviceLine(info);
  return (
    <Text as="p" size="1" color="gray" className="menu-group" data-testid="system-info">
      {info.systemName} {info.version}
      {service ? ` · 客服 ${service}` : ''}
    </Text>
  );
}
