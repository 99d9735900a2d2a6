/**
 * The signature of an individual party: drawn with mouse or pen on a canvas (signature_pad, pointer
 * events, smooth strokes), or generated from the name in a brush-like face. Either way the page gets
 * a PNG data URL through onChange ('' while there is nothing to sign with).
 */
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button, Flex, SegmentedControl, Text } from '@radix-ui/themes';

export const padWidth = 480;
export const padHeight = 180;

/** The name written in a Kai (brush) face on a transparent canvas. */
export function generateSignature(name: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = padWidth;
  canvas.height = padHeight;
  const context = canvas.getContext('2d');
  if (!context || !name.trim()) return '';
  const size = Math.min(96, Math.floor((padWidth - 40) / Math.max(name.trim().length, 1)));
  context.fillStyle = '#111';
  context.font = `${size}px "KaiTi", "STKaiti", "AR PL UKai CN", "Noto Serif CJK SC", serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name.trim(), padWidth / 2, padHeight / 2);
  return canvas.toDataURL('image/png');
}

const padStyle = {
  width: padWidth,
  height: padHeight,
  border: '1px dashed var(--gray-8)',
  borderRadius: 6,
  background: 'var(--gray-1)',
} as const;

export type SignatureValue = { kind: 1 | 2; image: string };

export function SignatureInput({
  name,
  onChange,
}: {
  name: string;
  onChange: (value: SignatureValue) => void;
}) {
  const [kind, setKind] = useState<'1' | '2'>('1');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || kind !== '1') return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = padWidth * ratio;
    canvas.height = padHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#111', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const onEnd = () =>
      onChangeRef.current({ kind: 1, image: pad.isEmpty() ? '' : pad.toDataURL('image/png') });
    pad.addEventListener('endStroke', onEnd);
    onChangeRef.current({ kind: 1, image: '' });
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [kind]);

  useEffect(() => {
    if (kind === '2') onChangeRef.current({ kind: 2, image: generateSignature(name) });
  }, [kind, name]);

  const generated = kind === '2' ? generateSignature(name) : '';
  return (
    <Flex direction="column" gap="2">
      <SegmentedControl.Root value={kind} onValueChange={(value) => setKind(value === '2' ? '2' : '1')}>
        <SegmentedControl.Item value="1">手写签名</SegmentedControl.Item>
        <SegmentedControl.Item value="2">按姓名生成</SegmentedControl.Item>
      </SegmentedControl.Root>
      {kind === '1' ? (
        <>
          <canvas
            ref={canvasRef}
            className="signature-canvas"
            data-testid="signature-canvas"
            style={{ ...padStyle, touchAction: 'none', cursor: 'crosshair' }}
          />
          <Flex justify="between" align="center">
            <Text size="1" color="gray">
              请用鼠标或手写笔在框内签名
            </Text>
            <Button
              variant="soft"
              color="gray"
              size="1"
              onClick={() => {
                padRef.current?.clear();
                onChange({ kind: 1, image: '' });
              }}
            >
              清除
            </Button>
          </Flex>
        </>
      ) : (
        <img
          className="signature-canvas"
          data-testid="signature-generated"
          src={generated}
          alt={`${name} 的签名`}
          style={padStyle}
        />
      )}
    </Flex>
  );
}
