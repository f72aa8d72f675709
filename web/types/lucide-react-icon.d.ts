// lucide-react's icon modules also export the icon's shape as `__iconData` (its DynamicIcon reads
// it), but the declaration the package gives them (dist/lucide-icon.d.mts) names only the
// component. tsconfig.json's `paths` points `lucide-react/icons/*` here instead.
import type { LucideIcon, LucideIconData } from 'lucide-react';

export declare const __iconData: LucideIconData;
declare const icon: LucideIcon;
export default icon;
