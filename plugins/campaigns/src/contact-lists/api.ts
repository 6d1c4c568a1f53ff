/** Contact lists' wire types (TypeBox only): being built. */
export {}
