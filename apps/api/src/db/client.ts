// For the transition only: modules still import from here; db/index.ts is the front door (issue 24).
export * from './index';
