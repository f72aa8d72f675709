import { Label as LabelPrimitive } from 'radix-ui';
import { useId } from 'react';
import { type BlockStatus, blockStatuses } from '../../../../schema/block-values';
import { Label } from '../../../components/ui/label';
import { ChoiceSelect } from '../../../components/ui/select';
import { Slider } from '../../../components/ui/slider';
import { Switch } from '../../../components/ui/switch';
import { progressForStatus, statusForProgress } from '../block-rules';

const statusLabels: Record<BlockStatus, string> = { now: 'Now', planned: 'Planned', done: 'Done' };

type BlockStatusFieldsProps = {
  status: BlockStatus;
  progress: number;
  progressEnabled: boolean;
  onChange: (change: {
    status?: BlockStatus;
    progress?: number;
    progressEnabled?: boolean;
  }) => void;
};

/** Status and progress move together: a status sets its progress, the slider sets the status. */
export function BlockStatusFields({
  status,
  progress,
  progressEnabled,
  onChange,
}: BlockStatusFieldsProps) {
  const statusLabelId = useId();
  const switchId = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label id={statusLabelId}>Status</Label>
        <ChoiceSelect
          aria-labelledby={statusLabelId}
          value={status}
          onValueChange={(next: BlockStatus) =>
            onChange({ status: next, progress: progressForStatus[next] })
          }
          options={blockStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
        />
      </div>
      <div className="space-y-1.5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-gray-900">Progress: {progress}%</p>
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={progressEnabled}
              onCheckedChange={(checked) => onChange({ progressEnabled: checked })}
            />
            <LabelPrimitive.Root htmlFor={switchId} className="text-xs font-normal text-gray-700">
              Track progress
            </LabelPrimitive.Root>
          </div>
        </div>
        <Slider
          min={0}
          max={100}
          step={5}
          value={[progress]}
          aria-label="Progress"
          disabled={!progressEnabled}
          onValueChange={([next = 0]) =>
            onChange({ progress: next, status: statusForProgress(next) })
          }
        />
      </div>
    </div>
  );
}
