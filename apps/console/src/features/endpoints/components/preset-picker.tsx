import { EHR_SOURCE_LABELS } from '@ehr-gateway/contracts';
import { useId } from 'react';

import { MethodBadge } from '@/components/method-badge';
import { SelectField } from '@/components/select-field';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { cn } from '@/lib/utils';

import {
  CATEGORIES,
  PRESET_SOURCES,
  SOURCE_CATEGORIES,
  type Category,
  type Preset,
  type PresetSource,
} from '../lib/presets';

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category, label: category }));
const SOURCE_OPTIONS = PRESET_SOURCES.map((source) => ({
  value: source,
  label: EHR_SOURCE_LABELS[source],
}));

const isCategory = (value: string): value is Category =>
  (CATEGORIES as readonly string[]).includes(value);

/** The tester's ready-made requests: a category, the EHR they ask, and one button per preset. */
export function PresetPicker({
  category,
  onCategoryChange,
  source,
  onSourceChange,
  presets,
  chosenId,
  onChoose,
}: {
  category: Category;
  onCategoryChange: (category: Category) => void;
  source: PresetSource;
  onSourceChange: (source: PresetSource) => void;
  presets: Preset[];
  chosenId: string | null;
  onChoose: (preset: Preset) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="max-w-xs">
        <SelectField
          id={`${id}-category`}
          label="Category"
          value={category}
          options={CATEGORY_OPTIONS}
          onChange={(value) => isCategory(value) && onCategoryChange(value)}
        />
      </div>

      <section aria-labelledby={`${id}-presets`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-presets`} className="text-sm font-semibold">
            Presets: {category}
          </h3>
          {SOURCE_CATEGORIES.includes(category) && (
            <SegmentedControl
              label="EHR the presets ask"
              options={SOURCE_OPTIONS}
              value={source}
              onChange={onSourceChange}
            />
          )}
        </div>
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {presets.map((preset) => (
            <li key={preset.id}>
              <button
                type="button"
                aria-pressed={chosenId === preset.id}
                onClick={() => onChoose(preset)}
                className={cn(
                  'flex h-full w-full flex-col items-start gap-1 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  chosenId === preset.id && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className="flex items-center gap-2">
                  <MethodBadge method={preset.method} />
                  <span className="font-medium">{preset.name}</span>
                </span>
                <code className="font-mono text-xs break-all text-muted-foreground">
                  {preset.path}
                </code>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
