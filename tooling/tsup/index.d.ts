import type { Options } from 'tsup';
export declare function libraryConfig(overrides?: Partial<Options>): Options | Options[] | ((overrideOptions: Options) => Options | Options[] | Promise<Options | Options[]>);
