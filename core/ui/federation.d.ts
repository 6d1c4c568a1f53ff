import type { UserConfig } from 'vite'

export declare const shared: Record<string, { singleton: boolean; requiredVersion: string }>
export declare function moduleViteConfig(name: string, entry?: string): UserConfig
export declare function shellViteConfig(api?: string): UserConfig
