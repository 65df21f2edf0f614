import { getOperationAST, type DocumentNode } from 'graphql'
import { isForeignBrowserRequest } from '../http'
import { refuseRequest } from './errors'

/**
 * A Yoga plugin that refuses a mutation a browser sent for a page of another origin (DESIGN.md
 * 7.1), whatever the key setting: a JSON body already needs a CORS preflight the core never
 * grants, and this holds even if a browser or a proxy lets one through. Queries stay readable
 * from anywhere, as before; the *arr apps, bitmagnet's tools and scripts send no Origin.
 */
export function refuseForeignMutations(publicOrigin: string | null) {
  return {
    onExecute({
      args,
      setResultAndStopExecution,
    }: {
      args: { document: DocumentNode; operationName?: string | null; contextValue: unknown }
      setResultAndStopExecution: (result: { errors: Error[] }) => void
    }) {
      if (getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return
      const request = (args.contextValue as { request?: Request }).request
      if (!request || !isForeignBrowserRequest(request, publicOrigin)) return
      setResultAndStopExecution({
        errors: [
          refuseRequest(
            'cross_origin',
            'a page of another site cannot run mutations: the request came from a browser on another origin',
            403,
          ),
        ],
      })
    },
  }
}
