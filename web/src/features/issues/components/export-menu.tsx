import { ChevronDown, Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { menuContentClasses, menuItemClasses } from '../../../components/ui/menu';
import { Spinner } from '../../../components/ui/spinner';
import { useExportFixes, type ExportFormat } from '../api/export-fixes';
import { errorText } from '../utils/messages';

/** Hands a downloaded file to the browser as a save. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Export fixes": the dataset's resolved rows with old and new values, as CSV or JSON. */
export function ExportMenu({ instanceId, datasetId }: { instanceId: string; datasetId: string }) {
  const exportFixes = useExportFixes(instanceId, datasetId);
  const download = async (format: ExportFormat) => {
    try {
      const file = await exportFixes.mutateAsync(format);
      saveFile(file.blob, file.filename ?? `${datasetId}-fixes.${format}`);
      toast.success(`Downloaded ${file.filename}`);
    } catch (error) {
      toast.error(`Failed to export fixes. Error: ${errorText(error)}`);
    }
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={exportFixes.isPending}>
          {exportFixes.isPending ? <Spinner /> : <Download className="size-4" aria-hidden />}
          Export fixes
          <ChevronDown className="size-3.5" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClasses}>
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => void download('csv')}>
            Download CSV
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => void download('json')}>
            Download JSON
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
