/**
 * 页面水印 (管理设置 → watermark): when the company turns it on, the main layout and the pages opened
 * by their address are covered with the user's name and the last four digits of the mobile, the
 * company's name, or the company's own text, faint and tilted, so a screenshot shows who took it.
 * It never takes a click.
 */
import { api, ok } from '../api/client';
import { useResource } from '../ui/use-resource';
import { defaultManageSetting, watermarkText, type ManageSetting } from '../../domain/manage-settings';

async function fetchWatermark(): Promise<ManageSetting['watermark']> {
  return (
    (await ok(api.GET('/ChangeCenter/getManageSetting'))).data?.watermark ?? defaultManageSetting.watermark
  );
}

function tile(text: string): string {
  const escaped = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="160">` +
    `<text x="20" y="100" transform="rotate(-20 130 80)" font-size="15" fill="rgba(0,0,0,0.09)" ` +
    `font-family="sans-serif">${escaped}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

export function Watermark({ user }: { user: { name: string; userName: string; companyName: string } }) {
  const setting = useResource(fetchWatermark);
  const text = setting.data
    ? watermarkText(setting.data, { name: user.name, mobile: user.userName, companyName: user.companyName })
    : null;
  if (!text) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="watermark"
      data-text={text}
      style={{
        position: 'fixed',
        inset: 0,
        pointerEvents: 'none',
        zIndex: 1,
        backgroundImage: tile(text),
        backgroundRepeat: 'repeat',
      }}
    />
  );
}
