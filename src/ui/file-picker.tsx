/**
 * A file chooser in the product's own words (选择文件 / 未选择文件) instead of the browser's native,
 * locale-dependent control. The native input stays in the page, visually hidden, so keyboard,
 * screen readers and its label keep working.
 */
import { useRef, useState } from 'react';
import { Button, Flex, Text } from '@radix-ui/themes';

type Props = {
  label: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  buttonText?: string;
  /** Clears the input after each choice, so the same file can be chosen again. */
  resetAfterChoice?: boolean;
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function FilePicker({
  label,
  accept,
  onFile,
  disabled,
  buttonText = '选择文件',
  resetAfterChoice,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  return (
    <Flex gap="3" align="center" style={{ position: 'relative' }}>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        disabled={disabled}
        style={visuallyHidden}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return;
          setFileName(file.name);
          onFile(file);
          if (resetAfterChoice) event.currentTarget.value = '';
        }}
      />
      <Button type="button" variant="soft" disabled={disabled} onClick={() => input.current?.click()}>
        {buttonText}
      </Button>
      <Text size="2" color="gray">
        {fileName || '未选择文件'}
      </Text>
    </Flex>
  );
}
