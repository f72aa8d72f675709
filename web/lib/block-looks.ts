import type { LucideIconData } from 'lucide-react';
import { __iconData as aperture } from 'lucide-react/icons/aperture';
import { __iconData as atSign } from 'lucide-react/icons/at-sign';
import { __iconData as bike } from 'lucide-react/icons/bike';
import { __iconData as bookOpen } from 'lucide-react/icons/book-open';
import { __iconData as bookmark } from 'lucide-react/icons/bookmark';
import { __iconData as bot } from 'lucide-react/icons/bot';
import { __iconData as boxes } from 'lucide-react/icons/boxes';
import { __iconData as briefcase } from 'lucide-react/icons/briefcase';
import { __iconData as briefcaseBusiness } from 'lucide-react/icons/briefcase-business';
import { __iconData as brush } from 'lucide-react/icons/brush';
import { __iconData as calendar } from 'lucide-react/icons/calendar';
import { __iconData as camera } from 'lucide-react/icons/camera';
import { __iconData as chartColumn } from 'lucide-react/icons/chart-column';
import { __iconData as chefHat } from 'lucide-react/icons/chef-hat';
import { __iconData as circleDollarSign } from 'lucide-react/icons/circle-dollar-sign';
import { __iconData as clapperboard } from 'lucide-react/icons/clapperboard';
import { __iconData as code } from 'lucide-react/icons/code';
import { __iconData as coffee } from 'lucide-react/icons/coffee';
import { __iconData as cpu } from 'lucide-react/icons/cpu';
import { __iconData as crown } from 'lucide-react/icons/crown';
import { __iconData as draftingCompass } from 'lucide-react/icons/drafting-compass';
import { __iconData as drama } from 'lucide-react/icons/drama';
import { __iconData as dumbbell } from 'lucide-react/icons/dumbbell';
import { __iconData as earth } from 'lucide-react/icons/earth';
import { __iconData as eighthNote } from 'lucide-react/icons/eighth-note';
import { __iconData as eighthNotes } from 'lucide-react/icons/eighth-notes';
import { __iconData as feather } from 'lucide-react/icons/feather';
import { __iconData as fileText } from 'lucide-react/icons/file-text';
import { __iconData as flaskConical } from 'lucide-react/icons/flask-conical';
import { __iconData as flower2 } from 'lucide-react/icons/flower-2';
import { __iconData as folderGit2 } from 'lucide-react/icons/folder-git-2';
import { __iconData as folderOpen } from 'lucide-react/icons/folder-open';
import { __iconData as gamepad2 } from 'lucide-react/icons/gamepad-2';
import { __iconData as gitFork } from 'lucide-react/icons/git-fork';
import { __iconData as globe } from 'lucide-react/icons/globe';
import { __iconData as graduationCap } from 'lucide-react/icons/graduation-cap';
import { __iconData as guitar } from 'lucide-react/icons/guitar';
import { __iconData as handCoins } from 'lucide-react/icons/hand-coins';
import { __iconData as handHeart } from 'lucide-react/icons/hand-heart';
import { __iconData as handshake } from 'lucide-react/icons/handshake';
import { __iconData as headphones } from 'lucide-react/icons/headphones';
import { __iconData as heart } from 'lucide-react/icons/heart';
import { __iconData as languages } from 'lucide-react/icons/languages';
import { __iconData as laptop } from 'lucide-react/icons/laptop';
import { __iconData as layers } from 'lucide-react/icons/layers';
import { __iconData as leaf } from 'lucide-react/icons/leaf';
import { __iconData as lightbulb } from 'lucide-react/icons/lightbulb';
import { __iconData as link } from 'lucide-react/icons/link';
import { __iconData as listChecks } from 'lucide-react/icons/list-checks';
import { __iconData as mail } from 'lucide-react/icons/mail';
import { __iconData as mapPin } from 'lucide-react/icons/map-pin';
import { __iconData as messageCircle } from 'lucide-react/icons/message-circle';
import { __iconData as messagesSquare } from 'lucide-react/icons/messages-square';
import { __iconData as monitorPlay } from 'lucide-react/icons/monitor-play';
import { __iconData as network } from 'lucide-react/icons/network';
import { __iconData as notebookPen } from 'lucide-react/icons/notebook-pen';
import { __iconData as palette } from 'lucide-react/icons/palette';
import { __iconData as partyPopper } from 'lucide-react/icons/party-popper';
import { __iconData as penTool } from 'lucide-react/icons/pen-tool';
import { __iconData as personStanding } from 'lucide-react/icons/person-standing';
import { __iconData as phone } from 'lucide-react/icons/phone';
import { __iconData as phoneCall } from 'lucide-react/icons/phone-call';
import { __iconData as plane } from 'lucide-react/icons/plane';
import { __iconData as puzzle } from 'lucide-react/icons/puzzle';
import { __iconData as rocket } from 'lucide-react/icons/rocket';
import { __iconData as rss } from 'lucide-react/icons/rss';
import { __iconData as scissors } from 'lucide-react/icons/scissors';
import { __iconData as server } from 'lucide-react/icons/server';
import { __iconData as shoppingBag } from 'lucide-react/icons/shopping-bag';
import { __iconData as sparkles } from 'lucide-react/icons/sparkles';
import { __iconData as sprout } from 'lucide-react/icons/sprout';
import { __iconData as squareDashed } from 'lucide-react/icons/square-dashed';
import { __iconData as squarePlay } from 'lucide-react/icons/square-play';
import { __iconData as sunrise } from 'lucide-react/icons/sunrise';
import { __iconData as target } from 'lucide-react/icons/target';
import { __iconData as terminal } from 'lucide-react/icons/terminal';
import { __iconData as thumbsUp } from 'lucide-react/icons/thumbs-up';
import { __iconData as trees } from 'lucide-react/icons/trees';
import { __iconData as users } from 'lucide-react/icons/users';
import { __iconData as video } from 'lucide-react/icons/video';
import { __iconData as zap } from 'lucide-react/icons/zap';
import { type BlockType, findBlockType } from '../../schema/catalogue';
import { type BlockLookKey, blockLookQueryKey } from './block-look-key';

/**
 * How a block looks beyond its own fields: its type's label and its icon's shape. This module
 * holds the catalogue and the shapes of its 80 icons, so pages load it only when they draw a block
 * whose look was not sent with the page (server.tsx sends the looks of the board it renders).
 */
export type BlockLook = { typeLabel: string | null; icon: LucideIconData };

type IconName = BlockType['icon'];

// Every icon name the catalogue uses (the type makes the compiler check none is missing). The
// shapes come from lucide-react's icon modules, as its own DynamicIcon reads them.
const iconsByName: Record<IconName, LucideIconData> = {
  Aperture: aperture,
  AtSign: atSign,
  Bike: bike,
  BookOpen: bookOpen,
  Bookmark: bookmark,
  Bot: bot,
  Boxes: boxes,
  Briefcase: briefcase,
  BriefcaseBusiness: briefcaseBusiness,
  Brush: brush,
  Calendar: calendar,
  Camera: camera,
  ChartColumn: chartColumn,
  ChefHat: chefHat,
  CircleDollarSign: circleDollarSign,
  Clapperboard: clapperboard,
  Code: code,
  Coffee: coffee,
  Cpu: cpu,
  Crown: crown,
  DraftingCompass: draftingCompass,
  Drama: drama,
  Dumbbell: dumbbell,
  Earth: earth,
  Feather: feather,
  FileText: fileText,
  FlaskConical: flaskConical,
  Flower2: flower2,
  FolderGit2: folderGit2,
  FolderOpen: folderOpen,
  Gamepad2: gamepad2,
  GitFork: gitFork,
  Globe: globe,
  GraduationCap: graduationCap,
  Guitar: guitar,
  HandCoins: handCoins,
  HandHeart: handHeart,
  Handshake: handshake,
  Headphones: headphones,
  Heart: heart,
  Languages: languages,
  Laptop: laptop,
  Layers: layers,
  Leaf: leaf,
  Lightbulb: lightbulb,
  Link: link,
  ListChecks: listChecks,
  Mail: mail,
  MapPin: mapPin,
  MessageCircle: messageCircle,
  MessagesSquare: messagesSquare,
  MonitorPlay: monitorPlay,
  Music: eighthNotes,
  Music2: eighthNote,
  Network: network,
  NotebookPen: notebookPen,
  Palette: palette,
  PartyPopper: partyPopper,
  PenTool: penTool,
  PersonStanding: personStanding,
  Phone: phone,
  PhoneCall: phoneCall,
  Plane: plane,
  Puzzle: puzzle,
  Rocket: rocket,
  Rss: rss,
  Scissors: scissors,
  Server: server,
  ShoppingBag: shoppingBag,
  Sparkles: sparkles,
  Sprout: sprout,
  SquarePlay: squarePlay,
  Sunrise: sunrise,
  Target: target,
  Terminal: terminal,
  ThumbsUp: thumbsUp,
  Trees: trees,
  Users: users,
  Video: video,
  Zap: zap,
};

/** Drawn for a block whose icon name and type are both unknown (say, from an older catalogue). */
export const defaultBlockIcon: LucideIconData = squareDashed;

/** A catalogue icon by name (the type picker's tiles), or the default. */
export function catalogueIcon(name: string | null | undefined): LucideIconData {
  return iconNamed(name) ?? defaultBlockIcon;
}

/** The icon is the block's own `emoji` (an icon name), else its type's icon, else the default. */
export function blockLook(block: BlockLookKey): BlockLook {
  const type = findBlockType(block.type);
  return {
    typeLabel: type?.label ?? null,
    icon: iconNamed(block.emoji) ?? iconNamed(type?.icon) ?? defaultBlockIcon,
  };
}

/** The looks of these blocks, one per distinct type and icon, for a server-rendered page. */
export function blockLookSeeds(blocks: BlockLookKey[]) {
  const seeds = new Map<
    string,
    { queryKey: ReturnType<typeof blockLookQueryKey>; data: BlockLook }
  >();
  for (const block of blocks) {
    const queryKey = blockLookQueryKey(block);
    seeds.set(JSON.stringify(queryKey), { queryKey, data: blockLook(block) });
  }
  return [...seeds.values()];
}

// `emoji` is free text from the database: only the map's own keys count ("constructor" does not).
function iconNamed(name: string | null | undefined): LucideIconData | undefined {
  return name && Object.hasOwn(iconsByName, name) ? iconsByName[name as IconName] : undefined;
}
