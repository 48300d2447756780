import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeAbandonedUploadFolders } from './upload-file-storage';

describe('removeAbandonedUploadFolders', () => {
  let parent = '';
  afterEach(async () => {
    if (parent) await fs.rm(parent, { recursive: true, force: true });
  });

  const folderWithFile = async (name: string) => {
    await fs.mkdir(path.join(parent, name));
    await fs.writeFile(path.join(parent, name, 'photo'), 'bytes');
  };

  it('removes the folders of processes that are gone and of an earlier process with this id, keeps the rest', async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-sweep-'));
    const exited = spawnSync(process.execPath, ['-e', '']).pid!;
    await folderWithFile(`uploads-${exited}-dead`);
    await folderWithFile(`uploads-${process.pid}-earlier`);
    await folderWithFile(`uploads-${process.ppid}-alive`);
    await folderWithFile('uploads-legacy');
    await folderWithFile('something-else');

    const removed = await removeAbandonedUploadFolders(parent);

    expect(removed.sort()).toEqual(
      [`uploads-${exited}-dead`, `uploads-${process.pid}-earlier`].sort(),
    );
    expect((await fs.readdir(parent)).sort()).toEqual(
      [`uploads-${process.ppid}-alive`, 'uploads-legacy', 'something-else'].sort(),
    );
  });

  it('does nothing when the folder does not exist', async () => {
    expect(await removeAbandonedUploadFolders('/nonexistent/upload-parent')).toEqual([]);
  });
});
