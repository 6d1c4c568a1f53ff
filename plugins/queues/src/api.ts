/** The queues plugin's published service (`kernel.services.get<QueuesService>('queues')`), version 1. Types only. */
export interface QueuesService {
  readonly version: 1
  /** Do all these queue ids belong to the company? (An empty list: true.) */
  exists(companyId: number, ids: number[]): Promise<boolean>
}
