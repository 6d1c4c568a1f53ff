// The component tests' mount helpers live with the kit's test support, which modules use too.
export { render, rerender, type } from '../../src/testing.ts'
