/**
 * 分类管理 on 房源基础设置 (001 section 2, getCategoryV2 / updateCategoryV2): the company's listing
 * tags, added, renamed and deleted, then saved as one list. Built-in tags keep their names and cannot
 * be deleted; the server refuses a repeated name.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { TextField } from '../../ui/text-field';
import { fetchHouseTags, saveHouseTags, type AppCategory } from './house-actors';

type Row = { key: string; categoryId?: number; name: string; isSystem: boolean };

const toRows = (tags: AppCategory[]): Row[] =>
  tags.map((tag) => ({
    key: String(tag.categoryId),
    categoryId: tag.categoryId,
    name: tag.name,
    isSystem: tag.isSystem === 1,
  }));

export function HouseCategories() {
  const [rows, setRows] = useState<Row[]>([]);
  const [newName, setNewName] = useState('');
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    void fetchHouseTags().then(
      (tags) => setRows(toRows(tags)),
      (error: unknown) =>
        setNotice({ text: error instanceof Error ? error.message : String(error), isError: true }),
    );
  }, []);

  async function save() {
    const names = rows.map((row) => row.name.trim());
    if (names.some((name) => !name)) return setNotice({ text: '请输入分类名称', isError: true });
    setIsSaving(true);
    try {
      await saveHouseTags(
        rows.map((row, index) => ({
          ...(row.categoryId ? { categoryId: row.categoryId } : {}),
          name: row.name.trim(),
          sort: index,
        })),
      );
      setRows(toRows(await fetchHouseTags()));
      setNotice({ text: '分类已保存', isError: false });
    } catch (error) {
      setNotice({ text: error instanceof Error ? error.message : String(error), isError: true });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Card size="3" style={{ maxWidth: 860 }} data-testid="house-categories">
      <Heading as="h2" size="4" mb="3">
        分类管理
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        房源标签：录入房源时可选，房源搜索可按标签筛选
      </Text>
      <Flex direction="column" gap="2">
        {rows.map((row, index) => (
          <Flex key={row.key} gap="2" align="center">
            <TextField.Root
              aria-label={`标签 ${index + 1}`}
              value={row.name}
              maxLength={10}
              disabled={row.isSystem}
              onChange={(e) =>
                setRows(rows.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))
              }
              style={{ width: 200 }}
            />
            {row.isSystem ? (
              <Badge color="gray">系统内置</Badge>
            ) : (
              <Button
                variant="soft"
                color="red"
                aria-label={`删除标签 ${row.name}`}
                onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
              >
                删除
              </Button>
            )}
          </Flex>
        ))}
        <Flex gap="2" align="center">
          <TextField.Root
            aria-label="新标签名称"
            placeholder="新标签名称"
            value={newName}
            maxLength={10}
            onChange={(e) => setNewName(e.target.value)}
            style={{ width: 200 }}
          />
          <Button
            variant="soft"
            onClick={() => {
              if (!newName.trim()) return setNotice({ text: '请输入分类名称', isError: true });
              setRows([...rows, { key: `new-${Date.now()}`, name: newName.trim(), isSystem: false }]);
              setNewName('');
              setNotice(null);
            }}
          >
            添加
          </Button>
        </Flex>
        {notice && (
          <Callout.Root color={notice.isError ? 'red' : 'green'} role={notice.isError ? 'alert' : 'status'}>
            <Callout.Text>{notice.text}</Callout.Text>
          </Callout.Root>
        )}
        <Flex justify="end">
          <Button loading={isSaving} onClick={() => void save()}>
            保存分类
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
