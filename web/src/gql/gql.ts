/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AccountSettings_User on User {\n    id\n    email\n    emailVerified\n    hasPassword\n    pendingEmail\n    subscriptionStatus\n  }\n": typeof types.AccountSettings_UserFragmentDoc,
    "\n  query MyDataExports {\n    myDataExports {\n      id\n      status\n      createdAt\n      expiresAt\n      sizeBytes\n      downloadUrl\n    }\n  }\n": typeof types.MyDataExportsDocument,
    "\n  mutation RequestDataExport {\n    requestDataExport {\n      id\n      status\n    }\n  }\n": typeof types.RequestDataExportDocument,
    "\n  mutation DeleteAccount($input: DeleteAccountInput!) {\n    deleteAccount(input: $input) {\n      message\n    }\n  }\n": typeof types.DeleteAccountDocument,
    "\n  mutation ResendVerificationEmail {\n    resendVerificationEmail {\n      message\n    }\n  }\n": typeof types.ResendVerificationEmailDocument,
    "\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n": typeof types.RequestEmailChangeDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      message\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation GeneratePrompt($config: ActionFigureConfigInput!) {\n    generatePrompt(config: $config)\n  }\n": typeof types.GeneratePromptDocument,
    "\n  query AdminGenerationClaims {\n    staffGenerationClaims {\n      style\n      reason\n      claims\n      generations\n    }\n  }\n": typeof types.AdminGenerationClaimsDocument,
    "\n  query AdminFinanceReport($from: DateTime!, $to: DateTime!, $granularity: ReportGranularity!) {\n    financeReport(from: $from, to: $to, granularity: $granularity) {\n      period\n      granted\n      purchased\n      spent\n      refunded\n      expired\n      revoked\n      paidConsumed\n      freeConsumed\n      revenue {\n        product\n        planId\n        currency\n        amountCents\n      }\n      prepaid {\n        currency\n        sales {\n          product\n          amountCents\n        }\n        recognisedCents\n        breakageCents\n        refundedCents\n        deferredCents\n        deferredCredits\n      }\n    }\n  }\n": typeof types.AdminFinanceReportDocument,
    "\n  query AdminReconciliation {\n    financeReconciliation {\n      invoicesChecked\n      checkoutsChecked\n      issues {\n        kind\n        invoiceId\n        userId\n        purchases\n        amountPaidCents\n      }\n    }\n  }\n": typeof types.AdminReconciliationDocument,
    "\n  fragment GiftsSection_StaffGift on StaffGift {\n    id\n    status\n    credits\n    amountPaidCents\n    currency\n    paidAt\n    buyer {\n      id\n      email\n    }\n    redeemedBy {\n      id\n      email\n    }\n    redeemedAt\n    voidedAt\n    voidCause\n    voidReason\n  }\n": typeof types.GiftsSection_StaffGiftFragmentDoc,
    "\n  query AdminGifts($query: String!) {\n    staffGifts(query: $query) {\n      ...GiftsSection_StaffGift\n    }\n  }\n": typeof types.AdminGiftsDocument,
    "\n  mutation AdminVoidGift($input: VoidGiftInput!) {\n    staffVoidGift(input: $input) {\n      ...GiftsSection_StaffGift\n    }\n  }\n": typeof types.AdminVoidGiftDocument,
    "\n  query AdminContactMessages(\n    $category: ContactCategory\n    $handled: Boolean\n    $first: Int\n    $after: String\n  ) {\n    staffContactMessages(category: $category, handled: $handled, first: $first, after: $after) {\n      messages {\n        id\n        name\n        email\n        subject\n        category\n        message\n        marketingConsent\n        createdAt\n        handledAt\n      }\n      nextCursor\n    }\n  }\n": typeof types.AdminContactMessagesDocument,
    "\n  mutation AdminMarkContactHandled($id: ID!, $handled: Boolean!) {\n    staffMarkContactHandled(id: $id, handled: $handled) {\n      id\n      handledAt\n    }\n  }\n": typeof types.AdminMarkContactHandledDocument,
    "\n  query AdminLedger($filter: LedgerFilterInput, $first: Int, $before: String) {\n    staffLedger(filter: $filter, first: $first, before: $before) {\n      entries {\n        seq\n        eventId\n        occurredAt\n        userId\n        type\n        delta\n        heldDelta\n        balanceAfter\n        heldAfter\n        paidAmount\n        freeAmount\n        reference\n        planId\n        amountPaidCents\n        currency\n        actorKind\n        actorId\n        reason\n      }\n      nextCursor\n    }\n  }\n": typeof types.AdminLedgerDocument,
    "\n  query AdminEvents($stream: String, $after: String, $first: Int) {\n    staffEvents(stream: $stream, after: $after, first: $first) {\n      events {\n        id\n        position\n        streamId\n        streamVersion\n        type\n        occurredAt\n        data\n        metadata\n      }\n      next\n    }\n  }\n": typeof types.AdminEventsDocument,
    "\n  query AdminLastLedgerAudit {\n    lastLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n": typeof types.AdminLastLedgerAuditDocument,
    "\n  mutation AdminRunLedgerAudit {\n    runLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n": typeof types.AdminRunLedgerAuditDocument,
    "\n  query AdminMailOutbox {\n    mailOutbox(first: 30) {\n      transport\n      messages {\n        id\n        kind\n        to\n        subject\n        text\n        createdAt\n      }\n    }\n  }\n": typeof types.AdminMailOutboxDocument,
    "\n  query AdminProjectionStatuses {\n    projectionStatuses {\n      name\n      version\n      schemaVersion\n      current\n      status\n      checkpoint\n      head\n      eventsBehind\n      secondsBehind\n      eventsApplied\n      buildTarget\n      lastError\n    }\n  }\n": typeof types.AdminProjectionStatusesDocument,
    "\n  mutation AdminRebuildProjection($name: String!) {\n    rebuildProjection(name: $name)\n  }\n": typeof types.AdminRebuildProjectionDocument,
    "\n  mutation AdminGrantCredits($input: GrantCreditsInput!) {\n    staffGrantCredits(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n": typeof types.AdminGrantCreditsDocument,
    "\n  mutation AdminRefundGeneration($input: RefundGenerationInput!) {\n    staffRefundGeneration(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n": typeof types.AdminRefundGenerationDocument,
    "\n  query AdminUser($id: ID!) {\n    staffUser(id: $id) {\n      ...UserSummary_StaffUser\n    }\n  }\n": typeof types.AdminUserDocument,
    "\n  query AdminUserGenerations($userId: ID!, $first: Int, $after: String) {\n    staffUserGenerations(userId: $userId, first: $first, after: $after) {\n      generations {\n        refundedCredits\n        generation {\n          id\n          status\n          style\n          prompt\n          errorMessage\n          requestedAt\n          completedAt\n        }\n      }\n      nextCursor\n    }\n  }\n": typeof types.AdminUserGenerationsDocument,
    "\n  query AdminFindUsers($query: String!) {\n    staffFindUsers(query: $query) {\n      id\n      email\n      username\n      fullName\n      roles\n      credits\n      subscriptionStatus\n      subscriptionPlan\n      createdAt\n    }\n  }\n": typeof types.AdminFindUsersDocument,
    "\n  fragment UserSummary_StaffUser on StaffUser {\n    id\n    email\n    username\n    fullName\n    roles\n    createdAt\n    credits\n    held\n    lifetimeGranted\n    lifetimePurchased\n    lifetimeSpent\n    lifetimeRefunded\n    lifetimeExpired\n    subscriptionStatus\n    subscriptionPlan\n    subscriptionPeriodEnd\n    stripeCustomerId\n  }\n": typeof types.UserSummary_StaffUserFragmentDoc,
    "\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input) {\n      message\n    }\n  }\n": typeof types.ForgotPasswordDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n": typeof types.RegisterDocument,
    "\n  fragment CurrentUser_User on User {\n    id\n    email\n    username\n    fullName\n    profileImageUrl\n    credits\n    generationsRemaining\n    subscriptionStatus\n    currentPlan\n    roles\n  }\n": typeof types.CurrentUser_UserFragmentDoc,
    "\n  query CurrentUser {\n    me {\n      ...CurrentUser_User\n    }\n  }\n": typeof types.CurrentUserDocument,
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  mutation SubmitContactMessage($input: ContactMessageInput!) {\n    submitContactMessage(input: $input) {\n      id\n    }\n  }\n": typeof types.SubmitContactMessageDocument,
    "\n  mutation ClaimGenerationCredits($input: ClaimGenerationCreditsInput!) {\n    claimGenerationCredits(input: $input) {\n      generationId\n      reason\n      credits\n      claimedAt\n    }\n  }\n": typeof types.ClaimGenerationCreditsDocument,
    "\n  fragment CreationCard_Generation on Generation {\n    id\n    style\n    prompt\n    status\n    resultUrl\n    errorMessage\n    requestedAt\n    completedAt\n    ...ShareActions_Generation\n    resultExpired\n    resultKeptUntil\n    claimableUntil\n    claim {\n      reason\n    }\n  }\n": typeof types.CreationCard_GenerationFragmentDoc,
    "\n  query MyCreations($first: Int!, $after: String) {\n    myGenerations(first: $first, after: $after) {\n      generations {\n        ...CreationCard_Generation\n      }\n      nextCursor\n    }\n  }\n": typeof types.MyCreationsDocument,
    "\n  mutation DeleteGeneration($generationId: ID!) {\n    deleteGeneration(generationId: $generationId) {\n      message\n    }\n  }\n": typeof types.DeleteGenerationDocument,
    "\n  fragment CreditBuckets_CreditBucketBalance on CreditBucketBalance {\n    buckets {\n      kind\n      credits\n      nextExpiry {\n        credits\n        expiresAt\n      }\n    }\n    spendingOrder\n  }\n": typeof types.CreditBuckets_CreditBucketBalanceFragmentDoc,
    "\n  query CreditExpiryWarning {\n    me {\n      id\n      creditBuckets {\n        expiryWarning {\n          credits\n          expiresAt\n        }\n      }\n    }\n  }\n": typeof types.CreditExpiryWarningDocument,
    "\n  query SidebarCreditBuckets {\n    me {\n      id\n      creditBuckets {\n        ...CreditBuckets_CreditBucketBalance\n      }\n    }\n  }\n": typeof types.SidebarCreditBucketsDocument,
    "\n  query GenerationProgress($idempotencyKey: String!) {\n    myGenerationByKey(idempotencyKey: $idempotencyKey) {\n      id\n      stage\n    }\n  }\n": typeof types.GenerationProgressDocument,
    "\n  query ImageEngine {\n    imageEngine {\n      preview\n    }\n  }\n": typeof types.ImageEngineDocument,
    "\n  mutation GenerateImage($input: GenerateImageInput!) {\n    generateImage(input: $input) {\n      id\n      status\n      resultUrl\n      errorMessage\n    }\n  }\n": typeof types.GenerateImageDocument,
    "\n  query GiftCard($id: ID!) {\n    myGift(id: $id) {\n      id\n      code\n      credits\n      message\n      status\n    }\n  }\n": typeof types.GiftCardDocument,
    "\n  query GiftPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n": typeof types.GiftPacksDocument,
    "\n  mutation CreateGiftCheckout($packId: ID!, $gift: GiftInput!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, gift: $gift, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n": typeof types.CreateGiftCheckoutDocument,
    "\n  query MyGifts {\n    myGifts {\n      id\n      code\n      credits\n      status\n      redeemedAt\n      recipientEmail\n      createdAt\n    }\n  }\n": typeof types.MyGiftsDocument,
    "\n  mutation RedeemGift($code: String!) {\n    redeemGift(code: $code) {\n      giftId\n      credits\n    }\n  }\n": typeof types.RedeemGiftDocument,
    "\n  query CreditPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n": typeof types.CreditPacksDocument,
    "\n  mutation CreatePackCheckout($packId: ID!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n": typeof types.CreatePackCheckoutDocument,
    "\n  mutation CreateSubscriptionCheckout($planId: ID!, $idempotencyKey: String) {\n    createSubscriptionCheckout(planId: $planId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n": typeof types.CreateSubscriptionCheckoutDocument,
    "\n  query SubscriptionPlans {\n    subscriptionPlans {\n      id\n      name\n      price\n      interval\n      features\n      creditsPerMonth\n      generationsPerMonth\n      popular\n    }\n  }\n": typeof types.SubscriptionPlansDocument,
    "\n  fragment CreditHistory_CreditMovement on CreditMovement {\n    id\n    label\n    inProgress\n    delta\n    heldDelta\n    balanceAfter\n    heldAfter\n    occurredAt\n  }\n": typeof types.CreditHistory_CreditMovementFragmentDoc,
    "\n  query CreditHistory($first: Int, $before: String) {\n    myCreditHistory(first: $first, before: $before) {\n      movements {\n        ...CreditHistory_CreditMovement\n      }\n      nextCursor\n    }\n  }\n": typeof types.CreditHistoryDocument,
    "\n  fragment ProfileCreditsCard_User on User {\n    id\n    credits\n    generationsRemaining\n    creditBuckets {\n      ...CreditBuckets_CreditBucketBalance\n    }\n  }\n": typeof types.ProfileCreditsCard_UserFragmentDoc,
    "\n  fragment ProfileIdentityCard_User on User {\n    id\n    email\n    emailVerified\n    username\n    fullName\n    profileImageUrl\n    subscriptionStatus\n  }\n": typeof types.ProfileIdentityCard_UserFragmentDoc,
    "\n  fragment ProfileSubscriptionCard_User on User {\n    id\n    currentPlan\n    subscriptionStatus\n    subscriptionRenewsAt\n    cancelAtPeriodEnd\n  }\n": typeof types.ProfileSubscriptionCard_UserFragmentDoc,
    "\n  query Profile {\n    me {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n      ...ProfileCreditsCard_User\n      ...ProfileSubscriptionCard_User\n      ...AccountSettings_User\n    }\n  }\n": typeof types.ProfileDocument,
    "\n  mutation CreatePortalSession($idempotencyKey: String) {\n    createPortalSession(idempotencyKey: $idempotencyKey) {\n      url\n    }\n  }\n": typeof types.CreatePortalSessionDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  query GenerationShare($id: ID!) {\n    myGeneration(id: $id) {\n      ...ShareActions_Generation\n    }\n  }\n": typeof types.GenerationShareDocument,
    "\n  fragment ShareActions_Generation on Generation {\n    id\n    share {\n      id\n      path\n      includesOriginal\n    }\n  }\n": typeof types.ShareActions_GenerationFragmentDoc,
    "\n  mutation ShareGeneration($input: ShareGenerationInput!) {\n    shareGeneration(input: $input) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n": typeof types.ShareGenerationDocument,
    "\n  mutation UnshareGeneration($generationId: ID!) {\n    unshareGeneration(generationId: $generationId) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n": typeof types.UnshareGenerationDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      message\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation VerifyEmail($input: VerifyEmailInput!) {\n    verifyEmail(input: $input) {\n      message\n    }\n  }\n": typeof types.VerifyEmailDocument,
};
const documents: Documents = {
    "\n  fragment AccountSettings_User on User {\n    id\n    email\n    emailVerified\n    hasPassword\n    pendingEmail\n    subscriptionStatus\n  }\n": types.AccountSettings_UserFragmentDoc,
    "\n  query MyDataExports {\n    myDataExports {\n      id\n      status\n      createdAt\n      expiresAt\n      sizeBytes\n      downloadUrl\n    }\n  }\n": types.MyDataExportsDocument,
    "\n  mutation RequestDataExport {\n    requestDataExport {\n      id\n      status\n    }\n  }\n": types.RequestDataExportDocument,
    "\n  mutation DeleteAccount($input: DeleteAccountInput!) {\n    deleteAccount(input: $input) {\n      message\n    }\n  }\n": types.DeleteAccountDocument,
    "\n  mutation ResendVerificationEmail {\n    resendVerificationEmail {\n      message\n    }\n  }\n": types.ResendVerificationEmailDocument,
    "\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n": types.RequestEmailChangeDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      message\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation GeneratePrompt($config: ActionFigureConfigInput!) {\n    generatePrompt(config: $config)\n  }\n": types.GeneratePromptDocument,
    "\n  query AdminGenerationClaims {\n    staffGenerationClaims {\n      style\n      reason\n      claims\n      generations\n    }\n  }\n": types.AdminGenerationClaimsDocument,
    "\n  query AdminFinanceReport($from: DateTime!, $to: DateTime!, $granularity: ReportGranularity!) {\n    financeReport(from: $from, to: $to, granularity: $granularity) {\n      period\n      granted\n      purchased\n      spent\n      refunded\n      expired\n      revoked\n      paidConsumed\n      freeConsumed\n      revenue {\n        product\n        planId\n        currency\n        amountCents\n      }\n      prepaid {\n        currency\n        sales {\n          product\n          amountCents\n        }\n        recognisedCents\n        breakageCents\n        refundedCents\n        deferredCents\n        deferredCredits\n      }\n    }\n  }\n": types.AdminFinanceReportDocument,
    "\n  query AdminReconciliation {\n    financeReconciliation {\n      invoicesChecked\n      checkoutsChecked\n      issues {\n        kind\n        invoiceId\n        userId\n        purchases\n        amountPaidCents\n      }\n    }\n  }\n": types.AdminReconciliationDocument,
    "\n  fragment GiftsSection_StaffGift on StaffGift {\n    id\n    status\n    credits\n    amountPaidCents\n    currency\n    paidAt\n    buyer {\n      id\n      email\n    }\n    redeemedBy {\n      id\n      email\n    }\n    redeemedAt\n    voidedAt\n    voidCause\n    voidReason\n  }\n": types.GiftsSection_StaffGiftFragmentDoc,
    "\n  query AdminGifts($query: String!) {\n    staffGifts(query: $query) {\n      ...GiftsSection_StaffGift\n    }\n  }\n": types.AdminGiftsDocument,
    "\n  mutation AdminVoidGift($input: VoidGiftInput!) {\n    staffVoidGift(input: $input) {\n      ...GiftsSection_StaffGift\n    }\n  }\n": types.AdminVoidGiftDocument,
    "\n  query AdminContactMessages(\n    $category: ContactCategory\n    $handled: Boolean\n    $first: Int\n    $after: String\n  ) {\n    staffContactMessages(category: $category, handled: $handled, first: $first, after: $after) {\n      messages {\n        id\n        name\n        email\n        subject\n        category\n        message\n        marketingConsent\n        createdAt\n        handledAt\n      }\n      nextCursor\n    }\n  }\n": types.AdminContactMessagesDocument,
    "\n  mutation AdminMarkContactHandled($id: ID!, $handled: Boolean!) {\n    staffMarkContactHandled(id: $id, handled: $handled) {\n      id\n      handledAt\n    }\n  }\n": types.AdminMarkContactHandledDocument,
    "\n  query AdminLedger($filter: LedgerFilterInput, $first: Int, $before: String) {\n    staffLedger(filter: $filter, first: $first, before: $before) {\n      entries {\n        seq\n        eventId\n        occurredAt\n        userId\n        type\n        delta\n        heldDelta\n        balanceAfter\n        heldAfter\n        paidAmount\n        freeAmount\n        reference\n        planId\n        amountPaidCents\n        currency\n        actorKind\n        actorId\n        reason\n      }\n      nextCursor\n    }\n  }\n": types.AdminLedgerDocument,
    "\n  query AdminEvents($stream: String, $after: String, $first: Int) {\n    staffEvents(stream: $stream, after: $after, first: $first) {\n      events {\n        id\n        position\n        streamId\n        streamVersion\n        type\n        occurredAt\n        data\n        metadata\n      }\n      next\n    }\n  }\n": types.AdminEventsDocument,
    "\n  query AdminLastLedgerAudit {\n    lastLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n": types.AdminLastLedgerAuditDocument,
    "\n  mutation AdminRunLedgerAudit {\n    runLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n": types.AdminRunLedgerAuditDocument,
    "\n  query AdminMailOutbox {\n    mailOutbox(first: 30) {\n      transport\n      messages {\n        id\n        kind\n        to\n        subject\n        text\n        createdAt\n      }\n    }\n  }\n": types.AdminMailOutboxDocument,
    "\n  query AdminProjectionStatuses {\n    projectionStatuses {\n      name\n      version\n      schemaVersion\n      current\n      status\n      checkpoint\n      head\n      eventsBehind\n      secondsBehind\n      eventsApplied\n      buildTarget\n      lastError\n    }\n  }\n": types.AdminProjectionStatusesDocument,
    "\n  mutation AdminRebuildProjection($name: String!) {\n    rebuildProjection(name: $name)\n  }\n": types.AdminRebuildProjectionDocument,
    "\n  mutation AdminGrantCredits($input: GrantCreditsInput!) {\n    staffGrantCredits(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n": types.AdminGrantCreditsDocument,
    "\n  mutation AdminRefundGeneration($input: RefundGenerationInput!) {\n    staffRefundGeneration(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n": types.AdminRefundGenerationDocument,
    "\n  query AdminUser($id: ID!) {\n    staffUser(id: $id) {\n      ...UserSummary_StaffUser\n    }\n  }\n": types.AdminUserDocument,
    "\n  query AdminUserGenerations($userId: ID!, $first: Int, $after: String) {\n    staffUserGenerations(userId: $userId, first: $first, after: $after) {\n      generations {\n        refundedCredits\n        generation {\n          id\n          status\n          style\n          prompt\n          errorMessage\n          requestedAt\n          completedAt\n        }\n      }\n      nextCursor\n    }\n  }\n": types.AdminUserGenerationsDocument,
    "\n  query AdminFindUsers($query: String!) {\n    staffFindUsers(query: $query) {\n      id\n      email\n      username\n      fullName\n      roles\n      credits\n      subscriptionStatus\n      subscriptionPlan\n      createdAt\n    }\n  }\n": types.AdminFindUsersDocument,
    "\n  fragment UserSummary_StaffUser on StaffUser {\n    id\n    email\n    username\n    fullName\n    roles\n    createdAt\n    credits\n    held\n    lifetimeGranted\n    lifetimePurchased\n    lifetimeSpent\n    lifetimeRefunded\n    lifetimeExpired\n    subscriptionStatus\n    subscriptionPlan\n    subscriptionPeriodEnd\n    stripeCustomerId\n  }\n": types.UserSummary_StaffUserFragmentDoc,
    "\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input) {\n      message\n    }\n  }\n": types.ForgotPasswordDocument,
    "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n": types.LoginDocument,
    "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n": types.RegisterDocument,
    "\n  fragment CurrentUser_User on User {\n    id\n    email\n    username\n    fullName\n    profileImageUrl\n    credits\n    generationsRemaining\n    subscriptionStatus\n    currentPlan\n    roles\n  }\n": types.CurrentUser_UserFragmentDoc,
    "\n  query CurrentUser {\n    me {\n      ...CurrentUser_User\n    }\n  }\n": types.CurrentUserDocument,
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  mutation SubmitContactMessage($input: ContactMessageInput!) {\n    submitContactMessage(input: $input) {\n      id\n    }\n  }\n": types.SubmitContactMessageDocument,
    "\n  mutation ClaimGenerationCredits($input: ClaimGenerationCreditsInput!) {\n    claimGenerationCredits(input: $input) {\n      generationId\n      reason\n      credits\n      claimedAt\n    }\n  }\n": types.ClaimGenerationCreditsDocument,
    "\n  fragment CreationCard_Generation on Generation {\n    id\n    style\n    prompt\n    status\n    resultUrl\n    errorMessage\n    requestedAt\n    completedAt\n    ...ShareActions_Generation\n    resultExpired\n    resultKeptUntil\n    claimableUntil\n    claim {\n      reason\n    }\n  }\n": types.CreationCard_GenerationFragmentDoc,
    "\n  query MyCreations($first: Int!, $after: String) {\n    myGenerations(first: $first, after: $after) {\n      generations {\n        ...CreationCard_Generation\n      }\n      nextCursor\n    }\n  }\n": types.MyCreationsDocument,
    "\n  mutation DeleteGeneration($generationId: ID!) {\n    deleteGeneration(generationId: $generationId) {\n      message\n    }\n  }\n": types.DeleteGenerationDocument,
    "\n  fragment CreditBuckets_CreditBucketBalance on CreditBucketBalance {\n    buckets {\n      kind\n      credits\n      nextExpiry {\n        credits\n        expiresAt\n      }\n    }\n    spendingOrder\n  }\n": types.CreditBuckets_CreditBucketBalanceFragmentDoc,
    "\n  query CreditExpiryWarning {\n    me {\n      id\n      creditBuckets {\n        expiryWarning {\n          credits\n          expiresAt\n        }\n      }\n    }\n  }\n": types.CreditExpiryWarningDocument,
    "\n  query SidebarCreditBuckets {\n    me {\n      id\n      creditBuckets {\n        ...CreditBuckets_CreditBucketBalance\n      }\n    }\n  }\n": types.SidebarCreditBucketsDocument,
    "\n  query GenerationProgress($idempotencyKey: String!) {\n    myGenerationByKey(idempotencyKey: $idempotencyKey) {\n      id\n      stage\n    }\n  }\n": types.GenerationProgressDocument,
    "\n  query ImageEngine {\n    imageEngine {\n      preview\n    }\n  }\n": types.ImageEngineDocument,
    "\n  mutation GenerateImage($input: GenerateImageInput!) {\n    generateImage(input: $input) {\n      id\n      status\n      resultUrl\n      errorMessage\n    }\n  }\n": types.GenerateImageDocument,
    "\n  query GiftCard($id: ID!) {\n    myGift(id: $id) {\n      id\n      code\n      credits\n      message\n      status\n    }\n  }\n": types.GiftCardDocument,
    "\n  query GiftPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n": types.GiftPacksDocument,
    "\n  mutation CreateGiftCheckout($packId: ID!, $gift: GiftInput!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, gift: $gift, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n": types.CreateGiftCheckoutDocument,
    "\n  query MyGifts {\n    myGifts {\n      id\n      code\n      credits\n      status\n      redeemedAt\n      recipientEmail\n      createdAt\n    }\n  }\n": types.MyGiftsDocument,
    "\n  mutation RedeemGift($code: String!) {\n    redeemGift(code: $code) {\n      giftId\n      credits\n    }\n  }\n": types.RedeemGiftDocument,
    "\n  query CreditPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n": types.CreditPacksDocument,
    "\n  mutation CreatePackCheckout($packId: ID!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n": types.CreatePackCheckoutDocument,
    "\n  mutation CreateSubscriptionCheckout($planId: ID!, $idempotencyKey: String) {\n    createSubscriptionCheckout(planId: $planId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n": types.CreateSubscriptionCheckoutDocument,
    "\n  query SubscriptionPlans {\n    subscriptionPlans {\n      id\n      name\n      price\n      interval\n      features\n      creditsPerMonth\n      generationsPerMonth\n      popular\n    }\n  }\n": types.SubscriptionPlansDocument,
    "\n  fragment CreditHistory_CreditMovement on CreditMovement {\n    id\n    label\n    inProgress\n    delta\n    heldDelta\n    balanceAfter\n    heldAfter\n    occurredAt\n  }\n": types.CreditHistory_CreditMovementFragmentDoc,
    "\n  query CreditHistory($first: Int, $before: String) {\n    myCreditHistory(first: $first, before: $before) {\n      movements {\n        ...CreditHistory_CreditMovement\n      }\n      nextCursor\n    }\n  }\n": types.CreditHistoryDocument,
    "\n  fragment ProfileCreditsCard_User on User {\n    id\n    credits\n    generationsRemaining\n    creditBuckets {\n      ...CreditBuckets_CreditBucketBalance\n    }\n  }\n": types.ProfileCreditsCard_UserFragmentDoc,
    "\n  fragment ProfileIdentityCard_User on User {\n    id\n    email\n    emailVerified\n    username\n    fullName\n    profileImageUrl\n    subscriptionStatus\n  }\n": types.ProfileIdentityCard_UserFragmentDoc,
    "\n  fragment ProfileSubscriptionCard_User on User {\n    id\n    currentPlan\n    subscriptionStatus\n    subscriptionRenewsAt\n    cancelAtPeriodEnd\n  }\n": types.ProfileSubscriptionCard_UserFragmentDoc,
    "\n  query Profile {\n    me {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n      ...ProfileCreditsCard_User\n      ...ProfileSubscriptionCard_User\n      ...AccountSettings_User\n    }\n  }\n": types.ProfileDocument,
    "\n  mutation CreatePortalSession($idempotencyKey: String) {\n    createPortalSession(idempotencyKey: $idempotencyKey) {\n      url\n    }\n  }\n": types.CreatePortalSessionDocument,
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  query GenerationShare($id: ID!) {\n    myGeneration(id: $id) {\n      ...ShareActions_Generation\n    }\n  }\n": types.GenerationShareDocument,
    "\n  fragment ShareActions_Generation on Generation {\n    id\n    share {\n      id\n      path\n      includesOriginal\n    }\n  }\n": types.ShareActions_GenerationFragmentDoc,
    "\n  mutation ShareGeneration($input: ShareGenerationInput!) {\n    shareGeneration(input: $input) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n": types.ShareGenerationDocument,
    "\n  mutation UnshareGeneration($generationId: ID!) {\n    unshareGeneration(generationId: $generationId) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n": types.UnshareGenerationDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      message\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation VerifyEmail($input: VerifyEmailInput!) {\n    verifyEmail(input: $input) {\n      message\n    }\n  }\n": types.VerifyEmailDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountSettings_User on User {\n    id\n    email\n    emailVerified\n    hasPassword\n    pendingEmail\n    subscriptionStatus\n  }\n"): (typeof documents)["\n  fragment AccountSettings_User on User {\n    id\n    email\n    emailVerified\n    hasPassword\n    pendingEmail\n    subscriptionStatus\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyDataExports {\n    myDataExports {\n      id\n      status\n      createdAt\n      expiresAt\n      sizeBytes\n      downloadUrl\n    }\n  }\n"): (typeof documents)["\n  query MyDataExports {\n    myDataExports {\n      id\n      status\n      createdAt\n      expiresAt\n      sizeBytes\n      downloadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestDataExport {\n    requestDataExport {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation RequestDataExport {\n    requestDataExport {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($input: DeleteAccountInput!) {\n    deleteAccount(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($input: DeleteAccountInput!) {\n    deleteAccount(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendVerificationEmail {\n    resendVerificationEmail {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ResendVerificationEmail {\n    resendVerificationEmail {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation RequestEmailChange($input: ChangeEmailInput!) {\n    requestEmailChange(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GeneratePrompt($config: ActionFigureConfigInput!) {\n    generatePrompt(config: $config)\n  }\n"): (typeof documents)["\n  mutation GeneratePrompt($config: ActionFigureConfigInput!) {\n    generatePrompt(config: $config)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminGenerationClaims {\n    staffGenerationClaims {\n      style\n      reason\n      claims\n      generations\n    }\n  }\n"): (typeof documents)["\n  query AdminGenerationClaims {\n    staffGenerationClaims {\n      style\n      reason\n      claims\n      generations\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminFinanceReport($from: DateTime!, $to: DateTime!, $granularity: ReportGranularity!) {\n    financeReport(from: $from, to: $to, granularity: $granularity) {\n      period\n      granted\n      purchased\n      spent\n      refunded\n      expired\n      revoked\n      paidConsumed\n      freeConsumed\n      revenue {\n        product\n        planId\n        currency\n        amountCents\n      }\n      prepaid {\n        currency\n        sales {\n          product\n          amountCents\n        }\n        recognisedCents\n        breakageCents\n        refundedCents\n        deferredCents\n        deferredCredits\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminFinanceReport($from: DateTime!, $to: DateTime!, $granularity: ReportGranularity!) {\n    financeReport(from: $from, to: $to, granularity: $granularity) {\n      period\n      granted\n      purchased\n      spent\n      refunded\n      expired\n      revoked\n      paidConsumed\n      freeConsumed\n      revenue {\n        product\n        planId\n        currency\n        amountCents\n      }\n      prepaid {\n        currency\n        sales {\n          product\n          amountCents\n        }\n        recognisedCents\n        breakageCents\n        refundedCents\n        deferredCents\n        deferredCredits\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminReconciliation {\n    financeReconciliation {\n      invoicesChecked\n      checkoutsChecked\n      issues {\n        kind\n        invoiceId\n        userId\n        purchases\n        amountPaidCents\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminReconciliation {\n    financeReconciliation {\n      invoicesChecked\n      checkoutsChecked\n      issues {\n        kind\n        invoiceId\n        userId\n        purchases\n        amountPaidCents\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GiftsSection_StaffGift on StaffGift {\n    id\n    status\n    credits\n    amountPaidCents\n    currency\n    paidAt\n    buyer {\n      id\n      email\n    }\n    redeemedBy {\n      id\n      email\n    }\n    redeemedAt\n    voidedAt\n    voidCause\n    voidReason\n  }\n"): (typeof documents)["\n  fragment GiftsSection_StaffGift on StaffGift {\n    id\n    status\n    credits\n    amountPaidCents\n    currency\n    paidAt\n    buyer {\n      id\n      email\n    }\n    redeemedBy {\n      id\n      email\n    }\n    redeemedAt\n    voidedAt\n    voidCause\n    voidReason\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminGifts($query: String!) {\n    staffGifts(query: $query) {\n      ...GiftsSection_StaffGift\n    }\n  }\n"): (typeof documents)["\n  query AdminGifts($query: String!) {\n    staffGifts(query: $query) {\n      ...GiftsSection_StaffGift\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminVoidGift($input: VoidGiftInput!) {\n    staffVoidGift(input: $input) {\n      ...GiftsSection_StaffGift\n    }\n  }\n"): (typeof documents)["\n  mutation AdminVoidGift($input: VoidGiftInput!) {\n    staffVoidGift(input: $input) {\n      ...GiftsSection_StaffGift\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminContactMessages(\n    $category: ContactCategory\n    $handled: Boolean\n    $first: Int\n    $after: String\n  ) {\n    staffContactMessages(category: $category, handled: $handled, first: $first, after: $after) {\n      messages {\n        id\n        name\n        email\n        subject\n        category\n        message\n        marketingConsent\n        createdAt\n        handledAt\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AdminContactMessages(\n    $category: ContactCategory\n    $handled: Boolean\n    $first: Int\n    $after: String\n  ) {\n    staffContactMessages(category: $category, handled: $handled, first: $first, after: $after) {\n      messages {\n        id\n        name\n        email\n        subject\n        category\n        message\n        marketingConsent\n        createdAt\n        handledAt\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminMarkContactHandled($id: ID!, $handled: Boolean!) {\n    staffMarkContactHandled(id: $id, handled: $handled) {\n      id\n      handledAt\n    }\n  }\n"): (typeof documents)["\n  mutation AdminMarkContactHandled($id: ID!, $handled: Boolean!) {\n    staffMarkContactHandled(id: $id, handled: $handled) {\n      id\n      handledAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLedger($filter: LedgerFilterInput, $first: Int, $before: String) {\n    staffLedger(filter: $filter, first: $first, before: $before) {\n      entries {\n        seq\n        eventId\n        occurredAt\n        userId\n        type\n        delta\n        heldDelta\n        balanceAfter\n        heldAfter\n        paidAmount\n        freeAmount\n        reference\n        planId\n        amountPaidCents\n        currency\n        actorKind\n        actorId\n        reason\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AdminLedger($filter: LedgerFilterInput, $first: Int, $before: String) {\n    staffLedger(filter: $filter, first: $first, before: $before) {\n      entries {\n        seq\n        eventId\n        occurredAt\n        userId\n        type\n        delta\n        heldDelta\n        balanceAfter\n        heldAfter\n        paidAmount\n        freeAmount\n        reference\n        planId\n        amountPaidCents\n        currency\n        actorKind\n        actorId\n        reason\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminEvents($stream: String, $after: String, $first: Int) {\n    staffEvents(stream: $stream, after: $after, first: $first) {\n      events {\n        id\n        position\n        streamId\n        streamVersion\n        type\n        occurredAt\n        data\n        metadata\n      }\n      next\n    }\n  }\n"): (typeof documents)["\n  query AdminEvents($stream: String, $after: String, $first: Int) {\n    staffEvents(stream: $stream, after: $after, first: $first) {\n      events {\n        id\n        position\n        streamId\n        streamVersion\n        type\n        occurredAt\n        data\n        metadata\n      }\n      next\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLastLedgerAudit {\n    lastLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminLastLedgerAudit {\n    lastLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRunLedgerAudit {\n    runLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRunLedgerAudit {\n    runLedgerAudit {\n      id\n      finishedAt\n      runBy\n      eventsRead\n      accountsChecked\n      subscriptionsChecked\n      mismatchCount\n      mismatches {\n        userId\n        field\n        expected\n        actual\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminMailOutbox {\n    mailOutbox(first: 30) {\n      transport\n      messages {\n        id\n        kind\n        to\n        subject\n        text\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminMailOutbox {\n    mailOutbox(first: 30) {\n      transport\n      messages {\n        id\n        kind\n        to\n        subject\n        text\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProjectionStatuses {\n    projectionStatuses {\n      name\n      version\n      schemaVersion\n      current\n      status\n      checkpoint\n      head\n      eventsBehind\n      secondsBehind\n      eventsApplied\n      buildTarget\n      lastError\n    }\n  }\n"): (typeof documents)["\n  query AdminProjectionStatuses {\n    projectionStatuses {\n      name\n      version\n      schemaVersion\n      current\n      status\n      checkpoint\n      head\n      eventsBehind\n      secondsBehind\n      eventsApplied\n      buildTarget\n      lastError\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRebuildProjection($name: String!) {\n    rebuildProjection(name: $name)\n  }\n"): (typeof documents)["\n  mutation AdminRebuildProjection($name: String!) {\n    rebuildProjection(name: $name)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminGrantCredits($input: GrantCreditsInput!) {\n    staffGrantCredits(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n"): (typeof documents)["\n  mutation AdminGrantCredits($input: GrantCreditsInput!) {\n    staffGrantCredits(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRefundGeneration($input: RefundGenerationInput!) {\n    staffRefundGeneration(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRefundGeneration($input: RefundGenerationInput!) {\n    staffRefundGeneration(input: $input) {\n      ...UserSummary_StaffUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUser($id: ID!) {\n    staffUser(id: $id) {\n      ...UserSummary_StaffUser\n    }\n  }\n"): (typeof documents)["\n  query AdminUser($id: ID!) {\n    staffUser(id: $id) {\n      ...UserSummary_StaffUser\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUserGenerations($userId: ID!, $first: Int, $after: String) {\n    staffUserGenerations(userId: $userId, first: $first, after: $after) {\n      generations {\n        refundedCredits\n        generation {\n          id\n          status\n          style\n          prompt\n          errorMessage\n          requestedAt\n          completedAt\n        }\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query AdminUserGenerations($userId: ID!, $first: Int, $after: String) {\n    staffUserGenerations(userId: $userId, first: $first, after: $after) {\n      generations {\n        refundedCredits\n        generation {\n          id\n          status\n          style\n          prompt\n          errorMessage\n          requestedAt\n          completedAt\n        }\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminFindUsers($query: String!) {\n    staffFindUsers(query: $query) {\n      id\n      email\n      username\n      fullName\n      roles\n      credits\n      subscriptionStatus\n      subscriptionPlan\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query AdminFindUsers($query: String!) {\n    staffFindUsers(query: $query) {\n      id\n      email\n      username\n      fullName\n      roles\n      credits\n      subscriptionStatus\n      subscriptionPlan\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment UserSummary_StaffUser on StaffUser {\n    id\n    email\n    username\n    fullName\n    roles\n    createdAt\n    credits\n    held\n    lifetimeGranted\n    lifetimePurchased\n    lifetimeSpent\n    lifetimeRefunded\n    lifetimeExpired\n    subscriptionStatus\n    subscriptionPlan\n    subscriptionPeriodEnd\n    stripeCustomerId\n  }\n"): (typeof documents)["\n  fragment UserSummary_StaffUser on StaffUser {\n    id\n    email\n    username\n    fullName\n    roles\n    createdAt\n    credits\n    held\n    lifetimeGranted\n    lifetimePurchased\n    lifetimeSpent\n    lifetimeRefunded\n    lifetimeExpired\n    subscriptionStatus\n    subscriptionPlan\n    subscriptionPeriodEnd\n    stripeCustomerId\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ForgotPassword($input: ForgotPasswordInput!) {\n    forgotPassword(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Login($input: LoginInput!) {\n    login(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Register($input: RegisterInput!) {\n    register(input: $input) {\n      user {\n        ...CurrentUser_User\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CurrentUser_User on User {\n    id\n    email\n    username\n    fullName\n    profileImageUrl\n    credits\n    generationsRemaining\n    subscriptionStatus\n    currentPlan\n    roles\n  }\n"): (typeof documents)["\n  fragment CurrentUser_User on User {\n    id\n    email\n    username\n    fullName\n    profileImageUrl\n    credits\n    generationsRemaining\n    subscriptionStatus\n    currentPlan\n    roles\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentUser {\n    me {\n      ...CurrentUser_User\n    }\n  }\n"): (typeof documents)["\n  query CurrentUser {\n    me {\n      ...CurrentUser_User\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitContactMessage($input: ContactMessageInput!) {\n    submitContactMessage(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitContactMessage($input: ContactMessageInput!) {\n    submitContactMessage(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ClaimGenerationCredits($input: ClaimGenerationCreditsInput!) {\n    claimGenerationCredits(input: $input) {\n      generationId\n      reason\n      credits\n      claimedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ClaimGenerationCredits($input: ClaimGenerationCreditsInput!) {\n    claimGenerationCredits(input: $input) {\n      generationId\n      reason\n      credits\n      claimedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CreationCard_Generation on Generation {\n    id\n    style\n    prompt\n    status\n    resultUrl\n    errorMessage\n    requestedAt\n    completedAt\n    ...ShareActions_Generation\n    resultExpired\n    resultKeptUntil\n    claimableUntil\n    claim {\n      reason\n    }\n  }\n"): (typeof documents)["\n  fragment CreationCard_Generation on Generation {\n    id\n    style\n    prompt\n    status\n    resultUrl\n    errorMessage\n    requestedAt\n    completedAt\n    ...ShareActions_Generation\n    resultExpired\n    resultKeptUntil\n    claimableUntil\n    claim {\n      reason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyCreations($first: Int!, $after: String) {\n    myGenerations(first: $first, after: $after) {\n      generations {\n        ...CreationCard_Generation\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query MyCreations($first: Int!, $after: String) {\n    myGenerations(first: $first, after: $after) {\n      generations {\n        ...CreationCard_Generation\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteGeneration($generationId: ID!) {\n    deleteGeneration(generationId: $generationId) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteGeneration($generationId: ID!) {\n    deleteGeneration(generationId: $generationId) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CreditBuckets_CreditBucketBalance on CreditBucketBalance {\n    buckets {\n      kind\n      credits\n      nextExpiry {\n        credits\n        expiresAt\n      }\n    }\n    spendingOrder\n  }\n"): (typeof documents)["\n  fragment CreditBuckets_CreditBucketBalance on CreditBucketBalance {\n    buckets {\n      kind\n      credits\n      nextExpiry {\n        credits\n        expiresAt\n      }\n    }\n    spendingOrder\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreditExpiryWarning {\n    me {\n      id\n      creditBuckets {\n        expiryWarning {\n          credits\n          expiresAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CreditExpiryWarning {\n    me {\n      id\n      creditBuckets {\n        expiryWarning {\n          credits\n          expiresAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SidebarCreditBuckets {\n    me {\n      id\n      creditBuckets {\n        ...CreditBuckets_CreditBucketBalance\n      }\n    }\n  }\n"): (typeof documents)["\n  query SidebarCreditBuckets {\n    me {\n      id\n      creditBuckets {\n        ...CreditBuckets_CreditBucketBalance\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GenerationProgress($idempotencyKey: String!) {\n    myGenerationByKey(idempotencyKey: $idempotencyKey) {\n      id\n      stage\n    }\n  }\n"): (typeof documents)["\n  query GenerationProgress($idempotencyKey: String!) {\n    myGenerationByKey(idempotencyKey: $idempotencyKey) {\n      id\n      stage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImageEngine {\n    imageEngine {\n      preview\n    }\n  }\n"): (typeof documents)["\n  query ImageEngine {\n    imageEngine {\n      preview\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateImage($input: GenerateImageInput!) {\n    generateImage(input: $input) {\n      id\n      status\n      resultUrl\n      errorMessage\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateImage($input: GenerateImageInput!) {\n    generateImage(input: $input) {\n      id\n      status\n      resultUrl\n      errorMessage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GiftCard($id: ID!) {\n    myGift(id: $id) {\n      id\n      code\n      credits\n      message\n      status\n    }\n  }\n"): (typeof documents)["\n  query GiftCard($id: ID!) {\n    myGift(id: $id) {\n      id\n      code\n      credits\n      message\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GiftPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n"): (typeof documents)["\n  query GiftPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateGiftCheckout($packId: ID!, $gift: GiftInput!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, gift: $gift, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreateGiftCheckout($packId: ID!, $gift: GiftInput!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, gift: $gift, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyGifts {\n    myGifts {\n      id\n      code\n      credits\n      status\n      redeemedAt\n      recipientEmail\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query MyGifts {\n    myGifts {\n      id\n      code\n      credits\n      status\n      redeemedAt\n      recipientEmail\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeemGift($code: String!) {\n    redeemGift(code: $code) {\n      giftId\n      credits\n    }\n  }\n"): (typeof documents)["\n  mutation RedeemGift($code: String!) {\n    redeemGift(code: $code) {\n      giftId\n      credits\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreditPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n"): (typeof documents)["\n  query CreditPacks {\n    creditPacks {\n      id\n      name\n      credits\n      priceCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePackCheckout($packId: ID!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePackCheckout($packId: ID!, $idempotencyKey: String) {\n    createPackCheckout(packId: $packId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSubscriptionCheckout($planId: ID!, $idempotencyKey: String) {\n    createSubscriptionCheckout(planId: $planId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSubscriptionCheckout($planId: ID!, $idempotencyKey: String) {\n    createSubscriptionCheckout(planId: $planId, idempotencyKey: $idempotencyKey) {\n      sessionId\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscriptionPlans {\n    subscriptionPlans {\n      id\n      name\n      price\n      interval\n      features\n      creditsPerMonth\n      generationsPerMonth\n      popular\n    }\n  }\n"): (typeof documents)["\n  query SubscriptionPlans {\n    subscriptionPlans {\n      id\n      name\n      price\n      interval\n      features\n      creditsPerMonth\n      generationsPerMonth\n      popular\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CreditHistory_CreditMovement on CreditMovement {\n    id\n    label\n    inProgress\n    delta\n    heldDelta\n    balanceAfter\n    heldAfter\n    occurredAt\n  }\n"): (typeof documents)["\n  fragment CreditHistory_CreditMovement on CreditMovement {\n    id\n    label\n    inProgress\n    delta\n    heldDelta\n    balanceAfter\n    heldAfter\n    occurredAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreditHistory($first: Int, $before: String) {\n    myCreditHistory(first: $first, before: $before) {\n      movements {\n        ...CreditHistory_CreditMovement\n      }\n      nextCursor\n    }\n  }\n"): (typeof documents)["\n  query CreditHistory($first: Int, $before: String) {\n    myCreditHistory(first: $first, before: $before) {\n      movements {\n        ...CreditHistory_CreditMovement\n      }\n      nextCursor\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileCreditsCard_User on User {\n    id\n    credits\n    generationsRemaining\n    creditBuckets {\n      ...CreditBuckets_CreditBucketBalance\n    }\n  }\n"): (typeof documents)["\n  fragment ProfileCreditsCard_User on User {\n    id\n    credits\n    generationsRemaining\n    creditBuckets {\n      ...CreditBuckets_CreditBucketBalance\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileIdentityCard_User on User {\n    id\n    email\n    emailVerified\n    username\n    fullName\n    profileImageUrl\n    subscriptionStatus\n  }\n"): (typeof documents)["\n  fragment ProfileIdentityCard_User on User {\n    id\n    email\n    emailVerified\n    username\n    fullName\n    profileImageUrl\n    subscriptionStatus\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProfileSubscriptionCard_User on User {\n    id\n    currentPlan\n    subscriptionStatus\n    subscriptionRenewsAt\n    cancelAtPeriodEnd\n  }\n"): (typeof documents)["\n  fragment ProfileSubscriptionCard_User on User {\n    id\n    currentPlan\n    subscriptionStatus\n    subscriptionRenewsAt\n    cancelAtPeriodEnd\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Profile {\n    me {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n      ...ProfileCreditsCard_User\n      ...ProfileSubscriptionCard_User\n      ...AccountSettings_User\n    }\n  }\n"): (typeof documents)["\n  query Profile {\n    me {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n      ...ProfileCreditsCard_User\n      ...ProfileSubscriptionCard_User\n      ...AccountSettings_User\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePortalSession($idempotencyKey: String) {\n    createPortalSession(idempotencyKey: $idempotencyKey) {\n      url\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePortalSession($idempotencyKey: String) {\n    createPortalSession(idempotencyKey: $idempotencyKey) {\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      ...CurrentUser_User\n      ...ProfileIdentityCard_User\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GenerationShare($id: ID!) {\n    myGeneration(id: $id) {\n      ...ShareActions_Generation\n    }\n  }\n"): (typeof documents)["\n  query GenerationShare($id: ID!) {\n    myGeneration(id: $id) {\n      ...ShareActions_Generation\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ShareActions_Generation on Generation {\n    id\n    share {\n      id\n      path\n      includesOriginal\n    }\n  }\n"): (typeof documents)["\n  fragment ShareActions_Generation on Generation {\n    id\n    share {\n      id\n      path\n      includesOriginal\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareGeneration($input: ShareGenerationInput!) {\n    shareGeneration(input: $input) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShareGeneration($input: ShareGenerationInput!) {\n    shareGeneration(input: $input) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnshareGeneration($generationId: ID!) {\n    unshareGeneration(generationId: $generationId) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UnshareGeneration($generationId: ID!) {\n    unshareGeneration(generationId: $generationId) {\n      id\n      share {\n        id\n        path\n        includesOriginal\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyEmail($input: VerifyEmailInput!) {\n    verifyEmail(input: $input) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyEmail($input: VerifyEmailInput!) {\n    verifyEmail(input: $input) {\n      message\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;