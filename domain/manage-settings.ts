/**
 * The company's management settings (管理设置, /ChangeCenter): defaults, the checks before saving,
 * the login time window and the page watermark's text. The server enforces the window at login and
 * refuses a bad setting; the settings screen shows the same messages before sending.
 */
export type ManageSetting = {
  joinApprove: 0 | 1;
  addStaffApprove: 0 | 1;
  singleDeviceLogin: 0 | 1;
  loginTimeLimit: { selected: 0 | 1; startTime: string; endTime: string; weekdays: number[] };
  watermark: { selected: 0 | 1; contentType: 1 | 2 | 3; text: string };
};

export const defaultManageSetting: ManageSetting = {
  joinApprove: 1,
  addStaffApprove: 0,
  singleDeviceLogin: 0,
  loginTimeLimit: { selected: 0, startTime: '08:00', endTime: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
  watermark: { selected: 0, contentType: 1, text: '' },
};

export const weekdayNames = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

/** The first problem of a setting about to be saved, or null. */
export function manageSettingProblem(setting: ManageSetting): string | null {
  const limit = setting.loginTimeLimit;
  if (limit.selected === 1) {
    if (limit.weekdays.length === 0) return '请选择允许登录的星期（loginTimeLimit.weekdays）';
    if (limit.startTime >= limit.endTime)
      return '登录时段的开始时间须早于结束时间（loginTimeLimit.startTime）';
  }
  if (
    setting.watermark.selected === 1 &&
    setting.watermark.contentType === 3 &&
    !setting.watermark.text.trim()
  )
    return '请输入自定义水印文字（watermark.text）';
  return null;
}

/** Days as a reader says them: 周一至周五, or 周一、周三、周六. */
export function describeWeekdays(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (days.length === 7) return '每天';
  const isRun = days.length >= 3 && days.every((day, i) => i === 0 || day === days[i - 1]! + 1);
  if (isRun) return `${weekdayNames[days[0]! - 1]}至${weekdayNames[days[days.length - 1]! - 1]}`;
  return days.map((day) => weekdayNames[day - 1]).join('、');
}

/**
 * Whether a non-manager may log in at this Beijing weekday (1 Monday … 7 Sunday) and time (HH:mm):
 * inside [startTime, endTime) on an allowed day, or always when the window is off.
 */
export function isLoginAllowedAt(
  limit: ManageSetting['loginTimeLimit'],
  weekday: number,
  time: string,
): boolean {
  if (limit.selected !== 1) return true;
  return limit.weekdays.includes(weekday) && time >= limit.startTime && time < limit.endTime;
}

export function loginWindowMessage(limit: ManageSetting['loginTimeLimit']): string {
  return `当前时段不允许登录，允许登录时间为${describeWeekdays(limit.weekdays)} ${limit.startTime}-${limit.endTime}`;
}

/** The watermark's text for a user, or null when the watermark is off. */
export function watermarkText(
  watermark: ManageSetting['watermark'],
  user: { name: string; mobile: string; companyName: string },
): string | null {
  if (watermark.selected !== 1) return null;
  if (watermark.contentType === 2) return user.companyName;
  if (watermark.contentType === 3) return watermark.text.trim() || null;
  return `${user.name} ${user.mobile.slice(-4)}`;
}
