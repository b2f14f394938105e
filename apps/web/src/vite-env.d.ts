/// <reference types="vite/client" />
declare const __PUBLIC_URL__: string;
