import { useMutation } from '@tanstack/react-query';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AppforgeError } from '../errors';
import { useAppforge } from './use-appforge';

export interface ClassExport {
  csv: string;
  blob: Blob;
  /** A file name for the download, e.g. `class-runs-2026-11-25.csv`. */
  fileName: string;
}

/** The class's runs as CSV (teacher of the class only), ready to download. */
export function useExportClassRuns(): UseMutationResult<ClassExport, AppforgeError, string> {
  const client = useAppforge();
  return useMutation<ClassExport, AppforgeError, string>({
    mutationFn: async (classId) => {
      const csv = await client.classes.exportRuns(classId);
      return {
        csv,
        blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        fileName: `class-runs-${new Date().toISOString().slice(0, 10)}.csv`,
      };
    },
  });
}
