#!/usr/bin/env bash
# Browser tests use Debian's Chromium (never a downloaded browser) and CJK fonts for the Chinese UI.
# Installs them with apt-get when they are missing and this machine can.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The browser tests run Debian's headless build of the same Chromium (chromium-headless-shell, the
# old headless mode Playwright itself uses headless): about a quarter less CPU per test than the
# full browser in headless mode (docs/testing.md).
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# The signed-PDF pipeline: a CJK TrueType font pdf-lib can embed (not a .ttc, with Latin digits),
# and NSS certutil for the pdfsig trust store in the signing tests.
[ -f /usr/share/fonts/truetype/arphic-gbsn00lp/gbsn00lp.ttf ] || missing+=(fonts-arphic-gbsn00lp)
command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)
# Quick file-sign converts doc/docx uploads to PDF with LibreOffice headless (Writer without the GUI).
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-writer-nogui)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "installing: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# Another apt run on the machine (an unattended upgrade, a second checkout installing the same) holds
# dpkg's lock for a while: wait for it rather than fail.
WAIT=(-o DPkg::Lock::Timeout=600)
$SUDO apt-get "${WAIT[@]}" update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${WAIT[@]}" install -y -qq --no-install-recommends "${missing[@]}" fontconfig
